import { createTrpcRouter } from './init';
import { apiKeysRouter } from './routers/api-keys-router';
import { authRouter } from './routers/auth-router';
import { catalogAdminRouter } from './routers/catalog-admin-router';
import { catalogRouter } from './routers/catalog-router';
import { licensesRouter } from './routers/licenses-router';
import { purchaseRouter } from './routers/purchase-router';
import { sellerLicensesRouter } from './routers/seller-licenses-router';
import { sellerOrdersRouter } from './routers/seller-orders-router';
import { webhooksRouter } from './routers/webhooks-router';

export const appRouter = createTrpcRouter({
  auth: authRouter,
  catalog: catalogRouter,
  catalogAdmin: catalogAdminRouter,
  apiKeys: apiKeysRouter,
  purchase: purchaseRouter,
  licenses: licensesRouter,
  sellerLicenses: sellerLicensesRouter,
  sellerOrders: sellerOrdersRouter,
  webhooks: webhooksRouter,
});

export type AppRouter = typeof appRouter;
