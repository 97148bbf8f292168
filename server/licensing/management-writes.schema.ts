import { z } from 'zod';
import { correlationIdSchema as anyCorrelationId, requestIdSchema } from '../checkout/purchase-checkout.schema';

const correlationIdSchema = anyCorrelationId.min(1, 'CorrelationId is required.');

// The request shapes of the management writes (README "Management API"), camelCase; their wire
// twins (PascalCase) are derived by wireObject. Every write carries a RequestId: the same request
// again gets the first answer.

export const MAX_SEATS_PER_REQUEST = 1000;

const seatCount = z.number().int().min(1).max(MAX_SEATS_PER_REQUEST);

export const createLicenseSchema = z.object({
  requestId: requestIdSchema,
  offeringId: z.string().min(1).max(100),
  /** The tenant id: the license is bound to it. */
  correlationId: correlationIdSchema,
  seats: seatCount,
});
export type CreateLicenseInput = z.infer<typeof createLicenseSchema>;

export const addSeatsSchema = z.object({ requestId: requestIdSchema, quantity: seatCount });
export type AddSeatsInput = z.infer<typeof addSeatsSchema>;

/** A write with nothing to say but its RequestId (retire, revoke, cancel, suspend, resume). */
export const requestOnlySchema = z.object({ requestId: requestIdSchema });

export const issueSeatCodeSchema = z.object({
  requestId: requestIdSchema,
  /** What the code is for (a machine's name, a deployment): shown in listings, never secret. */
  label: z.string().trim().min(1).max(100),
});
export type IssueSeatCodeInput = z.infer<typeof issueSeatCodeSchema>;

export const bindTenantSchema = z.object({ requestId: requestIdSchema, correlationId: correlationIdSchema });
export type BindTenantInput = z.infer<typeof bindTenantSchema>;

const utc = z.iso.datetime();

export const addedSeatsSchema = z.object({
  LicenseId: z.string(),
  /** The new seats, without license codes: issue one per seat. */
  SeatIds: z.array(z.string()),
  /** What the new seats cost for the rest of the current period; null when nothing is charged. */
  Proration: z
    .object({ AmountMinor: z.number().int(), Currency: z.string(), PeriodEndUtc: utc })
    .nullable(),
});
export type AddedSeats = z.infer<typeof addedSeatsSchema>;

export const issuedCodeSchema = z.object({
  CodeId: z.string(),
  LicenseId: z.string(),
  SeatId: z.string(),
  Label: z.string(),
  /** The license code, shown once (the same again only to a replay of the same RequestId). */
  EncodedCredential: z.string(),
  CreatedUtc: utc,
});
export type IssuedCode = z.infer<typeof issuedCodeSchema>;

export const revokedCodeSchema = z.object({ CodeId: z.string(), SeatId: z.string(), RevokedUtc: utc });
export type RevokedCode = z.infer<typeof revokedCodeSchema>;

export const retiredSeatSchema = z.object({ SeatId: z.string(), LicenseId: z.string(), RetiredUtc: utc, RevokedCodeIds: z.array(z.string()) });
export type RetiredSeat = z.infer<typeof retiredSeatSchema>;
