import { createTrpcRouter } from './init';
import { catalogRouter } from './routers/catalog-router';

export const appRouter = createTrpcRouter({
  catalog: catalogRouter,
});

export type AppRouter = typeof appRouter;
