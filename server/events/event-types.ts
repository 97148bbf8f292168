import { z } from 'zod';

// The events a seller backend is told of (docs/api/webhooks.md), by webhook and in
// the events feed. Their data is written PascalCase here, as receivers read it: like the signed
// authorization statement, an event is a format others verify and store, fixed at the moment it is
// recorded, so it is kept in its wire form. Never a license code, a token or a key.

const id = z.string();
const nullableText = z.string().nullable();

export const EVENT_DATA_SCHEMAS = {
  'checkout.completed': z.object({
    SessionId: id,
    OfferingId: id,
    LicenseId: id.nullable(),
    SeatIds: z.array(id),
    CorrelationId: nullableText,
    AmountMinor: z.number().int(),
    Currency: z.string(),
    /** `purchase` (a buyer in a storefront or an app) or `embedded` (the seller's backend; free ones by accepted claim). */
    Origin: z.string(),
    /** The discount code redeemed (null without one) and what it took off the first payment (AmountMinor is after it). */
    DiscountCode: nullableText,
    DiscountMinor: z.number().int(),
  }),
  'checkout.failed': z.object({ SessionId: id, OfferingId: id, CorrelationId: nullableText, Reason: nullableText }),
  'claim.expired': z.object({ ClaimId: id, OfferingId: id, CorrelationId: nullableText }),
  'license.created': z.object({ LicenseId: id, OfferingId: id, CorrelationId: nullableText, Status: z.string(), SeatCount: z.number().int(), TermEndUtc: nullableText }),
  'license.status_changed': z.object({ LicenseId: id, From: z.string(), To: z.string(), By: z.enum(['seller', 'processor', 'term']) }),
  'license.renewed': z.object({ LicenseId: id, PaidThroughUtc: z.string(), AmountMinor: z.number().int(), Currency: z.string() }),
  /** A plan change applied: at once (`now`), or at the end of the period it was scheduled for (`period_end`). */
  'license.plan_changed': z.object({
    LicenseId: id,
    FromOfferingId: id,
    ToOfferingId: id,
    When: z.enum(['now', 'period_end']),
    EffectiveUtc: z.string(),
    /** Charged for the rest of the period when it applied now (negative: credited), minor units of Currency; 0 otherwise. */
    ProrationMinor: z.number().int(),
    /** Null for a license sold at no price. */
    Currency: nullableText,
    By: z.enum(['seller', 'buyer']),
  }),
  'order.refunded': z.object({
    OrderId: id,
    RefundId: id,
    LicenseId: id.nullable(),
    AmountMinor: z.number().int(),
    /** Everything refunded on the order so far, this refund included. */
    RefundedMinor: z.number().int(),
    Currency: z.string(),
    /** `revoke` (the license was cancelled and its codes revoked) or `keep`. */
    License: z.enum(['revoke', 'keep']),
    /** `seller` (portal or management API) or `processor` (made at the processor, e.g. its dashboard). */
    Source: z.enum(['seller', 'processor']),
  }),
  'dispute.opened': z.object({ OrderId: id, DisputeId: id, LicenseId: id.nullable(), AmountMinor: z.number().int(), Currency: z.string(), Reason: nullableText }),
  'dispute.closed': z.object({ OrderId: id, DisputeId: id, LicenseId: id.nullable(), Outcome: z.enum(['won', 'lost']) }),
  'seat.added': z.object({ LicenseId: id, SeatIds: z.array(id) }),
  'seat.retired': z.object({ LicenseId: id, SeatId: id }),
  'license_code.issued': z.object({ LicenseId: id, SeatId: id, CodeId: id, Label: nullableText }),
  'license_code.revoked': z.object({ LicenseId: id, SeatId: id, CodeId: id, Label: nullableText }),
  /** A device took a place on a seat (activated, or activated again after it was deactivated or its lease lapsed). */
  'device.activated': z.object({ LicenseId: id, SeatId: id, DeviceId: id, Name: nullableText, Platform: nullableText, Mode: z.enum(['NodeLocked', 'Floating']) }),
  /** A device gave its place back: `Device` (the app), `Buyer`, `Seller`, `CodeRevoked`, `SeatRetired` or `LeaseLapsed` (a floating lease with no heartbeat). */
  'device.deactivated': z.object({
    LicenseId: id,
    SeatId: id,
    DeviceId: id,
    By: z.enum(['Device', 'Buyer', 'Seller', 'CodeRevoked', 'SeatRetired', 'LeaseLapsed']),
  }),
  'allowance.exhausted': z.object({ LicenseId: id, SeatId: id, FeatureKey: z.string(), PeriodEndUtc: z.string() }),
} as const;

export type EventType = keyof typeof EVENT_DATA_SCHEMAS;
export const EVENT_TYPES = Object.keys(EVENT_DATA_SCHEMAS) as [EventType, ...EventType[]];

/** What each event says happened, in one line (the portal's webhook form lists them). */
export const EVENT_DESCRIPTIONS: Record<EventType, string> = {
  'checkout.completed': 'A checkout was paid (or a free one taken): its license exists.',
  'checkout.failed': 'A checkout failed or was cancelled: nothing was charged.',
  'claim.expired': 'A free-offer claim link expired unaccepted.',
  'license.created': 'A license was made: sold, claimed or created by you.',
  'license.status_changed': 'A license was suspended, resumed, cancelled, paused or expired.',
  'license.renewed': 'A subscription was paid for another period.',
  'license.plan_changed': 'A license moved to another offering (plan), now or at the period’s end.',
  'order.refunded': 'An order was refunded, in part or in full.',
  'dispute.opened': 'A buyer disputed a payment with their bank.',
  'dispute.closed': 'A dispute ended: won or lost.',
  'seat.added': 'Seats were added to a license.',
  'seat.retired': 'A seat was retired: its codes stop working.',
  'license_code.issued': 'A license code was issued for a seat.',
  'license_code.revoked': 'A license code was revoked: it stops working at the next check.',
  'device.activated': 'A device took a place on a seat.',
  'device.deactivated': 'A device gave its place on a seat back.',
  'allowance.exhausted': 'A seat used up a feature’s allowance for the period.',
};

/** Sent only by "send test event": never in the events feed. */
export const PING_EVENT_TYPE = 'ping';

/** Who moved a license's status: the seller (portal or management API), the processor, or its term. */
export type StatusChangeActor = z.infer<(typeof EVENT_DATA_SCHEMAS)['license.status_changed']>['By'];

/** The data of each event type, as receivers read it. */
export type EventData = { [T in EventType]: z.infer<(typeof EVENT_DATA_SCHEMAS)[T]> };

/** What every delivery's body and every feed entry carry around an event's data. */
export function eventEnvelopeSchema<T extends EventType | typeof PING_EVENT_TYPE>(type: T, data: z.ZodType) {
  return z.object({
    Id: id,
    Type: z.literal(type),
    /** 1, 2, 3, … per seller in commit order; receivers order by it. */
    Sequence: z.number().int(),
    CreatedUtc: z.string(),
    LicenseId: id.nullable(),
    Data: data,
  });
}
