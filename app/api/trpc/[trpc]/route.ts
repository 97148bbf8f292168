import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { appRouter } from '@/server/trpc/app-router';
import { createTrpcContext } from '@/server/trpc/init';

export const dynamic = 'force-dynamic';

const handler = (req: Request) =>
  fetchRequestHandler({ endpoint: '/api/trpc', req, router: appRouter, createContext: createTrpcContext });

export { handler as GET, handler as POST };
