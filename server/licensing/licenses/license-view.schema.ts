import { z } from 'zod';

// Response shapes of the management reads (spec "Management API": GET /licenses?correlationId=,
// GET /licenses/{licenseId}, GET /licenses/{licenseId}/seats). The spec names LicenseId, Status,
// features, term and CorrelationId for a license, and LicenseId, LicenseStatus and RetiredUtc for
// a seat, leaving the rest "not shown"; this service's choice, documented here and parsed on every
// answer so no column leaks:
//
// License: { LicenseId, Status ('Active'|'Paused'|'Suspended'|'Cancelled'|'Expired'),
//   LicenseClassification (0 trial, 1 subscription, 2 perpetual), OfferingId, ProductId,
//   CorrelationId (string|null), Term: { StartUtc, EndUtc (null: perpetual) },
//   Features: [{ FeatureKey, DisplayName, ServiceAccessLevel ('Allowed'|'Denied'|null),
//   RateLimit (per minute per seat|null), Allowance (per period per seat|null),
//   AllowancePeriodUnit (IntervalUnit|null) }], SeatCount (live seats), CreatedUtc }
// Seat: { SeatId, LicenseId, LicenseStatus, CreatedUtc, RetiredUtc (null while live),
//   Allowance: [{ FeatureKey, Remaining (units left this period; null: unlimited), PeriodEndUtc (null: unlimited) }] }
// Dates are ISO 8601 strings in UTC.

export const licenseStatusSchema = z.enum(['Active', 'Paused', 'Suspended', 'Cancelled', 'Expired']);

const utc = z.iso.datetime();

export const licenseFeatureViewSchema = z.object({
  FeatureKey: z.string(),
  DisplayName: z.string(),
  ServiceAccessLevel: z.enum(['Allowed', 'Denied']).nullable(),
  RateLimit: z.number().int().nullable(),
  Allowance: z.number().int().nullable(),
  AllowancePeriodUnit: z.number().int().nullable(),
});

export const licenseViewSchema = z.object({
  LicenseId: z.string(),
  Status: licenseStatusSchema,
  LicenseClassification: z.number().int(),
  OfferingId: z.string(),
  ProductId: z.string(),
  CorrelationId: z.string().nullable(),
  Term: z.object({ StartUtc: utc, EndUtc: utc.nullable() }),
  Features: z.array(licenseFeatureViewSchema),
  SeatCount: z.number().int(),
  CreatedUtc: utc,
});

export const licenseListViewSchema = z.object({
  Licenses: z.array(licenseViewSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  NextCursor: z.string().nullable(),
});

export const seatAllowanceViewSchema = z.object({
  FeatureKey: z.string(),
  Remaining: z.number().int().nullable(),
  PeriodEndUtc: utc.nullable(),
});

export const seatViewSchema = z.object({
  SeatId: z.string(),
  LicenseId: z.string(),
  LicenseStatus: licenseStatusSchema,
  CreatedUtc: utc,
  RetiredUtc: utc.nullable(),
  Allowance: z.array(seatAllowanceViewSchema),
});

export const licenseSeatsViewSchema = z.object({
  LicenseId: z.string(),
  Seats: z.array(seatViewSchema),
});

export type LicenseView = z.infer<typeof licenseViewSchema>;
export type LicenseListView = z.infer<typeof licenseListViewSchema>;
export type SeatView = z.infer<typeof seatViewSchema>;
export type LicenseSeatsView = z.infer<typeof licenseSeatsViewSchema>;
