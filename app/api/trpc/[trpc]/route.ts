import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { CLIENT_IP_HEADER, trpc } from '@/app/core';
import { getPortalSession } from '@/app/portal-session';

export const dynamic = 'force-dynamic';

// The router over HTTP for client components; server components ask the same router in process
// (app/trpc-server.ts) with the same context.
const handler = (req: Request) =>
  fetchRequestHandler({
    endpoint: '/api/trpc',
    req,
    router: trpc.appRouter,
    createContext: async () => trpc.createTrpcContext({ session: await getPortalSession(), clientIp: req.headers.get(CLIENT_IP_HEADER) ?? undefined, headers: req.headers }),
  });

export { handler as GET, handler as POST };
