import { createTrpcRouter } from './init';
import { apiKeysRouter } from './routers/api-keys-router';
import { authRouter } from './routers/auth-router';
import { catalogAdminRouter } from './routers/catalog-admin-router';
import { catalogRouter } from './routers/catalog-router';

export const appRouter = createTrpcRouter({
  auth: authRouter,
  catalog: catalogRouter,
  catalogAdmin: catalogAdminRouter,
  apiKeys: apiKeysRouter,
});

export type AppRouter = typeof appRouter;
