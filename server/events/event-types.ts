// The events a seller backend is told of (README "Webhooks and the events feed"). Their data is
// PascalCase like the REST bodies and never holds a license code, a token or a key.

export const EVENT_TYPES = [
  'checkout.completed',
  'checkout.failed',
  'claim.expired',
  'license.created',
  'license.status_changed',
  'seat.added',
  'seat.retired',
  'license_code.issued',
  'license_code.revoked',
  'allowance.exhausted',
] as const;

/** Sent only by "send test event": never recorded in the feed. */
export const PING_EVENT_TYPE = 'ping';

export type EventType = (typeof EVENT_TYPES)[number];

/** Who moved a license's status: the seller (portal or management API), the processor, or its term. */
export type StatusChangeActor = 'seller' | 'processor' | 'term';

/** The data of each event type, as receivers read it. */
export interface EventData {
  'checkout.completed': { SessionId: string; OfferingId: string; LicenseId: string | null; SeatIds: string[]; CorrelationId: string | null; AmountMinor: number; Currency: string; Origin: string };
  'checkout.failed': { SessionId: string; OfferingId: string; CorrelationId: string | null; Reason: string | null };
  'claim.expired': { ClaimId: string; OfferingId: string; CorrelationId: string | null };
  'license.created': { LicenseId: string; OfferingId: string; CorrelationId: string | null; Status: string; SeatCount: number; TermEndUtc: string | null };
  'license.status_changed': { LicenseId: string; From: string; To: string; By: StatusChangeActor };
  'seat.added': { LicenseId: string; SeatIds: string[] };
  'seat.retired': { LicenseId: string; SeatId: string };
  'license_code.issued': { LicenseId: string; SeatId: string; CodeId: string; Label: string | null };
  'license_code.revoked': { LicenseId: string; SeatId: string; CodeId: string; Label: string | null };
  'allowance.exhausted': { LicenseId: string; SeatId: string; FeatureKey: string; PeriodEndUtc: string };
}
