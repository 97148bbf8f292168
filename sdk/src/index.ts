// @licensing/sdk: the client library of the licensing service (README in this folder).
export { ArgumentError, LicensingApiError, type ApiErrorDetail } from './errors.js';
export { LICENSE_CODE_PREFIX, readLicenseCode, type RuntimeCredential } from './license-code.js';
export { MAX_BATCH_ITEMS, RuntimeClient, type CheckedOutLicenseFile, type RuntimeClientOptions } from './runtime-client.js';
export type { Authorization } from './verify-authorization.js';
export type { AuthorizedFeature, CheckReason, CheckResult } from './local-check.js';
export { deviceFingerprint, type DeviceOptions } from './device-fingerprint.js';
export type { ActivatedDevice, Device } from './device.js';
export {
  DEFAULT_CLOCK_TOLERANCE_SECONDS,
  LICENSE_FILE_TYPE,
  LicenseFileError,
  verifyLicenseFile,
  type LicenseFileRefusal,
  type VerifyLicenseFileOptions,
} from './license-file.js';
export { OfflineLicense } from './offline-license.js';
export type { paths as LicensingApiPaths, operations as LicensingApiOperations } from './generated/openapi.js';
export {
  BuyerSession,
  NativeSignIn,
  POLLING,
  PurchaseClient,
  signInWithBrowser,
  type BuyerTokens,
  type CheckoutResult,
  type CheckoutSession,
  type CreateCheckoutOptions,
  type OfferingDetail,
  type PurchaseClientOptions,
  type Storefront,
} from './purchase-client.js';
export type { Camel } from './contract/key-case.js';
export {
  SellerClient,
  TenantSeats,
  type CreatedLicense,
  type EmbeddedCheckout,
  type EmbeddedCheckoutResult,
  type IssuedCode,
  type License,
  type LicenseSeats,
  type Refund,
  type Seat,
  type SeatCodeStore,
  type SellerClientOptions,
  type TenantSync,
} from './seller-client.js';
export {
  verifyWebhook,
  WebhookSignatureError,
  type WebhookEvent,
  type WebhookEventOf,
  type WebhookEventType,
  type WireWebhookEvent,
} from './webhooks.js';
