// The core's stateless values that pages may bundle anywhere, the browser included: catalog enums
// and form schemas (react-hook-form validates with the server's own rules), money formatting, the
// closed error table's types, and the human validation messages. Nothing here holds state or
// reaches the database; everything else of the core is `@licensing/core` (server only).
import '../validation-messages';

export * from '../catalog/catalog-enums';
export * from '../catalog/manage/catalog-edit.schema';
export * from '../catalog/manage/seller-catalog.schema';
export { minorUnitDigits } from '../catalog/money';
export { MAX_PRICES_PER_OFFERING } from '../../sdk/src/contract/fields';
export type { ValidationDetail } from '../errors';
export type { BillingManagement } from '../payments/billing-management';
export type { UsageSeries } from '../consumption/usage-by-feature-and-day';
export type { StoreClosurePreview } from '../sellers/close-store';
export type { DataExportView } from '../sellers/data-export/data-export-view';
export { adoptCorrelationId, CORRELATION_HEADER } from '../platform/logging/correlation';
export { isSurfacePath } from '../platform/routing-table';
export { contentSecurityPolicy, formRedirectsOutward, newNonce, NONCE_HEADER, pageSecurityHeaders, REQUEST_PATH_HEADER } from '../security/page-headers';
export * from '../catalog/describe-offering';
export { changeIssuerClientIdInputSchema } from '../sellers/seller.schema';
export { API_KEY_SCOPE_NAMES, API_KEY_SCOPES, type ApiKeyScope } from '../api-keys/api-key-scopes';
export { ROLE_SUMMARIES, SELLER_ROLES } from '../sellers/members/member-permissions';
