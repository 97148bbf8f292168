import { z } from 'zod';
import { correlationIdSchema as anyCorrelationId, requestIdSchema } from '../checkout/purchase-checkout.schema';
import { licenseViewSchema } from './licenses/license-view.schema';

const correlationIdSchema = anyCorrelationId.min(1, 'CorrelationId is required.');

// The request shapes of the management writes (docs/api/management.md), camelCase; their wire
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

/** POST /licensing-mgmt/licenses: the license, its seats, and the code of a one-seat license. */
export const createdLicenseSchema = z.object({
  license: licenseViewSchema,
  seatIds: z.array(z.string()),
  /** The code of a one-seat license (as a checkout result carries it); null for more seats. */
  encodedCredential: z.string().nullable(),
});
export type CreatedLicense = z.infer<typeof createdLicenseSchema>;

export const addedSeatsSchema = z.object({
  licenseId: z.string(),
  /** The new seats, without license codes: issue one per seat. */
  seatIds: z.array(z.string()),
  /** What the new seats cost for the rest of the current period; null when nothing is charged. */
  proration: z
    .object({ amountMinor: z.number().int(), currency: z.string(), periodEndUtc: utc })
    .nullable(),
});
export type AddedSeats = z.infer<typeof addedSeatsSchema>;

export const issuedCodeSchema = z.object({
  codeId: z.string(),
  licenseId: z.string(),
  seatId: z.string(),
  label: z.string(),
  /** The license code, shown once (the same again only to a replay of the same RequestId). */
  encodedCredential: z.string(),
  createdUtc: utc,
});
export type IssuedCode = z.infer<typeof issuedCodeSchema>;

export const revokedCodeSchema = z.object({ codeId: z.string(), seatId: z.string(), revokedUtc: utc });
export type RevokedCode = z.infer<typeof revokedCodeSchema>;

export const retiredSeatSchema = z.object({ seatId: z.string(), licenseId: z.string(), retiredUtc: utc, revokedCodeIds: z.array(z.string()) });
export type RetiredSeat = z.infer<typeof retiredSeatSchema>;
