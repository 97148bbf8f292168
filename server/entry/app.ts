import 'server-only';

// The pages' kit (`@licensing/core`): the stateless rules and constants server components render with
// that are no procedure's answer (which license statuses are final, the lists' query rules, where
// sign-in returns to) and the types of the router's answers. No service and no database: everything a
// page reads or changes it asks the tRPC router (`@licensing/core/trpc`, through app/trpc-server.ts).
// Built to dist/app.js and loaded from there by app/core.ts, like the other entries (one module copy
// per process). tests/unit/page-kit.test.ts keeps it free of services.
export { preferredCurrency } from '../catalog/preferred-currency';
export { CLAIM_TOKEN_MAX_LENGTH } from '../checkout/claim/claim-token';
export { isFreeOffering } from '../checkout/purchasable-offering';
export { PRODUCT_DOWNLOADS_MAX, PRODUCT_IMAGES_MAX, PRODUCT_IMAGE_UPLOAD_MAX_BYTES, productImagePath } from '../catalog/manage/product-media-rules';
export { statusChangesFrom } from '../licensing/licenses/change-license-status';
export { isFinalLicenseStatus } from '../licensing/licenses/license-status';
export { licenseStatusSchema } from '../licensing/licenses/license-view.schema';
export { sellerLicensesQuerySchema } from '../licensing/licenses/list-seller-licenses';
export { STOREFRONT_SEARCH_MAX } from '../marketplace/list-storefronts';
export { OVERVIEW_DAYS } from '../orders/get-seller-overview';
export { sellerCustomersQuerySchema } from '../orders/list-seller-customers';
export { ORDER_STATUSES, sellerOrdersQuerySchema } from '../orders/list-seller-orders';
export { signInReturningTo } from '../identity/sign-in-return';
export { roleRefusal, type MemberPermission } from '../sellers/members/member-permissions';
export type { AuditEntryView } from '../audit/list-audit-log';

export type { ApiErrorCode } from '../errors';
export type { ClaimState, ClaimView } from '../checkout/claim/claim-view';
export type { CheckoutOutcome } from '../checkout/get-checkout-outcome';
export type { SellerLicenseDetail } from '../licensing/licenses/get-seller-license-detail';
export type { DeviceView } from '../licensing/devices/device-view';
export type { BuyerFeatureView, BuyerLicenseCodeView, BuyerLicenseView } from '../licensing/licenses/list-buyer-licenses';
export type { PlanChangeOption, PlanChangeOptions, PlanChangeQuote } from '../licensing/licenses/quote-plan-change';
export type { OutboxEmail, RecordedEmailStatus } from '../mail/list-outbox';
export type { StorefrontCard } from '../marketplace/list-storefronts';
export type { BuyerReceipt } from '../orders/get-buyer-receipt';
export type { SellerOrderDetail, SellerOrderDispute, SellerOrderRefund } from '../orders/get-seller-order';
export type { SellerSetup } from '../orders/get-seller-overview';
export type { BuyerOrderView } from '../orders/list-buyer-orders';
export type { SellerOrderRow } from '../orders/list-seller-orders';
export type { PortalSession } from '../identity/portal-session';
