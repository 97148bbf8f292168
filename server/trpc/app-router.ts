import { createCallerFactory, createTrpcRouter } from './init';
import { accountRouter } from './routers/account-router';
import { apiKeysRouter } from './routers/api-keys-router';
import { auditRouter } from './routers/audit-router';
import { authRouter } from './routers/auth-router';
import { buyerOrdersRouter } from './routers/buyer-orders-router';
import { catalogAdminRouter } from './routers/catalog-admin-router';
import { catalogRouter } from './routers/catalog-router';
import { checkoutPagesRouter } from './routers/checkout-pages-router';
import { dataExportRouter } from './routers/data-export-router';
import { devOutboxRouter } from './routers/dev-outbox-router';
import { discountsRouter } from './routers/discounts-router';
import { licensesRouter } from './routers/licenses-router';
import { marketplaceRouter } from './routers/marketplace-router';
import { portalRouter } from './routers/portal-router';
import { purchaseRouter } from './routers/purchase-router';
import { sellerCustomersRouter } from './routers/seller-customers-router';
import { sellerLicensesRouter } from './routers/seller-licenses-router';
import { sellerOrdersRouter } from './routers/seller-orders-router';
import { sessionsRouter } from './routers/sessions-router';
import { teamRouter } from './routers/team-router';
import { webhooksRouter } from './routers/webhooks-router';

// Every page reaches the core through this router: client components over HTTP (/api/trpc), server
// components, layouts, server actions and the portal's download routes through a server-side caller
// (app/trpc-server.ts). One set of procedures, so authorisation, limits and answers live once.
export const appRouter = createTrpcRouter({
  auth: authRouter,
  portal: portalRouter,
  marketplace: marketplaceRouter,
  catalog: catalogRouter,
  catalogAdmin: catalogAdminRouter,
  apiKeys: apiKeysRouter,
  purchase: purchaseRouter,
  checkoutPages: checkoutPagesRouter,
  licenses: licensesRouter,
  buyerOrders: buyerOrdersRouter,
  sellerLicenses: sellerLicensesRouter,
  sellerOrders: sellerOrdersRouter,
  sellerCustomers: sellerCustomersRouter,
  webhooks: webhooksRouter,
  discounts: discountsRouter,
  devOutbox: devOutboxRouter,
  dataExport: dataExportRouter,
  sessions: sessionsRouter,
  account: accountRouter,
  team: teamRouter,
  audit: auditRouter,
});

export type AppRouter = typeof appRouter;

/** A server-side caller of the router for one request's context (or a function that makes it, once). */
export const createCaller = createCallerFactory(appRouter);
