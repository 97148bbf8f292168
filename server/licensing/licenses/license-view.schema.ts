import { z } from 'zod';

// Response shapes of the management reads (spec "Management API": GET /licenses?correlationId=,
// GET /licenses/{licenseId}, GET /licenses/{licenseId}/seats). The spec names LicenseId, Status,
// features, term and CorrelationId for a license, and LicenseId, LicenseStatus and RetiredUtc for
// a seat, leaving the rest "not shown"; this service's choice, documented here. The schemas are
// camelCase, as the services return them; the REST routes answer their PascalCase twins (server/wire/wire.ts,
// written by server/http/wire-json.ts), which write only the keys named here, so no column leaks:
//
// License: { LicenseId, Status ('Trialing'|'Active'|'Paused'|'Suspended'|'Cancelled'|'Expired'),
//   LicenseClassification (0 trial, 1 subscription, 2 perpetual), OfferingId, ProductId,
//   CorrelationId (string|null), Term: { StartUtc, EndUtc (null: perpetual) },
//   Features: [{ FeatureKey, DisplayName, ServiceAccessLevel ('Allowed'|'Denied'|null),
//   RateLimit (per minute per seat|null), Allowance (per period per seat|null),
//   AllowancePeriodUnit (IntervalUnit|null) }], SeatCount (live seats), CreatedUtc }
// Seat: { SeatId, LicenseId, LicenseStatus, CreatedUtc, RetiredUtc (null while live),
//   Allowance: [{ FeatureKey, Remaining (units left this period; null: unlimited), PeriodEndUtc (null: unlimited) }] }
// Dates are ISO 8601 strings in UTC.

export const licenseStatusSchema = z.enum(['Trialing', 'Active', 'Paused', 'Suspended', 'Cancelled', 'Expired']);

const utc = z.iso.datetime();

const licenseFeatureViewSchema = z.object({
  featureKey: z.string(),
  displayName: z.string(),
  serviceAccessLevel: z.enum(['Allowed', 'Denied']).nullable(),
  rateLimit: z.number().int().nullable(),
  allowance: z.number().int().nullable(),
  allowancePeriodUnit: z.number().int().nullable(),
});

export const licenseViewSchema = z.object({
  licenseId: z.string(),
  status: licenseStatusSchema,
  licenseClassification: z.number().int(),
  offeringId: z.string(),
  productId: z.string(),
  correlationId: z.string().nullable(),
  term: z.object({ startUtc: utc, endUtc: utc.nullable() }),
  features: z.array(licenseFeatureViewSchema),
  seatCount: z.number().int(),
  createdUtc: utc,
});

export const licenseListViewSchema = z.object({
  licenses: z.array(licenseViewSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});

const seatAllowanceViewSchema = z.object({
  featureKey: z.string(),
  remaining: z.number().int().nullable(),
  periodEndUtc: utc.nullable(),
});

const seatViewSchema = z.object({
  seatId: z.string(),
  licenseId: z.string(),
  licenseStatus: licenseStatusSchema,
  createdUtc: utc,
  retiredUtc: utc.nullable(),
  allowance: z.array(seatAllowanceViewSchema),
});

export const licenseSeatsViewSchema = z.object({
  licenseId: z.string(),
  seats: z.array(seatViewSchema),
});

export type LicenseView = z.infer<typeof licenseViewSchema>;
export type LicenseListView = z.infer<typeof licenseListViewSchema>;
export type LicenseSeatsView = z.infer<typeof licenseSeatsViewSchema>;
