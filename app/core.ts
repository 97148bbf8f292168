import 'server-only';
import type * as Core from '@licensing/core';
import type * as Rest from '@licensing/core/rest';
import type * as Trpc from '@licensing/core/trpc';

// The one door from Next's server side into the core: its domain (`@licensing/core`) and the faces
// the route files mount (`@licensing/core/rest`, `@licensing/core/trpc`). Node loads them from the
// core's one split build (server/dist), the same module instances the production entry serves the
// REST app from, so the process holds one database pool, one set of caches and limiters, one LISTEN
// connection. The import is left to Node on purpose: Turbopack bundles a workspace package even
// when it is listed in serverExternalPackages (vercel/next.js#84388), which would make a second
// copy. Types come from the entries directly (`import type`, erased at build).
const core: typeof Core = await import(/* turbopackIgnore: true */ /* webpackIgnore: true */ '@licensing/core');
const rest: typeof Rest = await import(/* turbopackIgnore: true */ /* webpackIgnore: true */ '@licensing/core/rest');
const trpc: typeof Trpc = await import(/* turbopackIgnore: true */ /* webpackIgnore: true */ '@licensing/core/trpc');

export const { CLIENT_IP_HEADER, handleRest } = rest;
export const { appRouter, createTrpcContext } = trpc;

export const {
  CLAIM_TOKEN_MAX_LENGTH,
  DomainError,
  LOGO_MAX_BYTES,
  LicenseClassification,
  MAX_FORMER_ISSUER_CLIENT_IDS,
  ORDER_STATUSES,
  OVERVIEW_DAYS,
  REQUEST_PATH_HEADER,
  STOREFRONT_SEARCH_MAX,
  acceptClaim,
  canReadOutbox,
  changeIssuerClientId,
  classificationLabel,
  db,
  describeInterval,
  describeListedOffering,
  describePrice,
  env,
  findHeldLicenses,
  findSellerByIssuerClientId,
  findSellerMemberships,
  findSellerProfile,
  getBuyerReceipt,
  getCheckoutOutcome,
  getCheckoutResultForBuyer,
  getClaimView,
  getLocalCheckout,
  getSellerLicenseDetail,
  getSellerOffering,
  getSellerOrder,
  getSellerOverview,
  getSellerProduct,
  getStorefront,
  getSubscriptionBilling,
  isFinalLicenseStatus,
  isFreeOffering,
  licenseStatusSchema,
  listBuyerLicenses,
  listBuyerOrders,
  listOutbox,
  listSeatCharges,
  listSellerCatalog,
  listSellerCustomers,
  listSellerLicenses,
  listSellerOrders,
  listStorefrontOfferingTerms,
  listStorefronts,
  listUsageLedger,
  portalSessionOf,
  logoPathOf,
  readSellerLogo,
  removeSellerLogo,
  sellerCustomersCsv,
  sellerCustomersQuerySchema,
  sellerDisplayName,
  sellerLicensesQuerySchema,
  sellerOrdersCsv,
  sellerOrdersQuerySchema,
  setSellerLogo,
  signInReturningTo,
  statusChangesFrom,
  updateSellerProfile,
  usageByFeatureAndDay,
  PORTAL_SESSION_SECONDS,
  portalSessionSecret,
  signInToPortal,
} = core;
