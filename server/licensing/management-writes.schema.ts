import { z } from 'zod';
import { licenseViewSchema } from './licenses/license-view.schema';

// The management writes (docs/api/management.md): their request shapes are the contract's (shared
// with the client library); their answers, camelCase, are the service's. Wire twins (PascalCase)
// are derived by server/wire.
export {
  addSeatsSchema,
  bindTenantSchema,
  createLicenseSchema,
  issueSeatCodeSchema,
  requestOnlySchema,
  type AddSeatsInput,
  type BindTenantInput,
  type CreateLicenseInput,
  type IssueSeatCodeInput,
} from '../../sdk/src/contract/management';

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
