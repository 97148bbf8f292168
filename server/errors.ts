// The closed set of ApiError Codes (spec "Errors", plus the Codes this service adds where the spec
// says "not shown"; docs/api/README.md "Error codes"). Services throw DomainError; server/http maps it to HTTP
// in one place, and the compiler refuses a Code without a status.

export const HTTP_STATUS_BY_CODE = {
  ApiKeyMissing: 401,
  ApiKeyInvalid: 403,
  RuntimeTokenMissing: 401,
  RuntimeTokenInvalid: 401,
  BuyerTokenMissing: 401,
  BuyerTokenInvalid: 401,
  CredentialUnknown: 403,
  CredentialRevoked: 403,
  IssuerMismatch: 403,
  AuthorizationDenied: 403,
  BuyerLinkFailed: 403,
  CheckoutResultForbidden: 403,
  NotFound: 404,
  InvalidPayload: 400,
  ValidationError: 400,
  CheckoutFailed: 400,
  RequestIdInUse: 409,
  ServerError: 500,
  // Added by this service (spec: "not shown").
  MethodNotAllowed: 405,
  PayloadTooLarge: 413,
  RateLimited: 429,
  // The database cannot be reached or did not answer in time; Retry-After says when to ask again (docs/operations.md "Failure behaviour").
  ServiceUnavailable: 503,
  RequestIdMismatch: 409,
  // Management writes refused by a rule of the license (docs/api/management.md).
  LicenseNotActive: 409,
  SeatsFixed: 409,
  LastLiveSeat: 409,
  SeatRetired: 409,
  StatusChangeRefused: 409,
  TenantMismatch: 409,
  // A buyer's second trial of an offering, or a second purchase of one they hold (docs/api/purchase.md).
  AlreadyLicensed: 409,
  // A discount code the seller already has, in any case (docs/api/management.md "Discount codes").
  DiscountCodeInUse: 409,
  // A seat already runs on as many devices as its license allows (docs/api/runtime.md "Devices").
  DeviceLimitReached: 403,
  // A restricted account API key without the scope the operation needs (docs/api/README.md "Scoped API keys").
  ApiKeyScope: 403,
  // A portal member whose role may not do this (README "Roles"); tRPC answers it as FORBIDDEN.
  RoleForbidden: 403,
  // A seller's team (docs/buyers-and-sellers.md "Team and roles"): inviting an address that already has an
  // open invitation or is a member; an invitation that was accepted, revoked or has expired; accepting one
  // signed in with another address; removing, demoting or letting go the store's last Owner.
  InvitationOpen: 409,
  AlreadyMember: 409,
  InvitationClosed: 409,
  InvitationForAnotherAddress: 403,
  LastOwner: 409,
  // A buyer's erasure refused while the account is a seller's member or still has renewing subscriptions (docs/data-rights.md).
  AccountErasureRefused: 409,
  // Deleting a store while a subscription still renews, a refund is on its way, a dispute is open or a paid checkout may still be paid (docs/buyers-and-sellers.md "Deleting the store").
  StoreClosureRefused: 409,
} as const satisfies Record<string, number>;

export type ApiErrorCode = keyof typeof HTTP_STATUS_BY_CODE;

export interface ValidationDetail {
  Code: string;
  Message: string;
  Field: string;
}

export class DomainError extends Error {
  readonly code: ApiErrorCode;
  readonly details?: ValidationDetail[];
  /** How long the caller should wait before asking again (a limit's window, a pending result). */
  readonly retryAfterSeconds?: number;

  constructor(code: ApiErrorCode, message: string, options: { details?: ValidationDetail[]; retryAfterSeconds?: number } = {}) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status(): number {
    return HTTP_STATUS_BY_CODE[this.code];
  }
}
