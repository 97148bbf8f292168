import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { appRouter, CLIENT_IP_HEADER, createTrpcContext } from '@/app/core';
import { getPortalSession } from '@/app/portal-session';

export const dynamic = 'force-dynamic';

const handler = (req: Request) =>
  fetchRequestHandler({
    endpoint: '/api/trpc',
    req,
    router: appRouter,
    createContext: async () => createTrpcContext({ session: await getPortalSession(), clientIp: req.headers.get(CLIENT_IP_HEADER) ?? undefined }),
  });

export { handler as GET, handler as POST };
