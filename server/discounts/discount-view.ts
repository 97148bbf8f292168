import { z } from 'zod';
import type { Discount, DiscountAmount, DiscountOffering, Prisma } from '@/generated/prisma/client';
import { DISCOUNT_DURATIONS, DISCOUNT_KINDS } from '../../sdk/src/contract/discounts';

// A discount code as every face shows it (REST PascalCase through its wire twin, tRPC as is):
// { DiscountId, Code, Name, Kind, PercentOff, Amounts: [{Currency, AmountMinor}], Duration,
//   DurationMonths, ExpiresUtc, MaxRedemptions, Redemptions, OfferingIds, CreatedUtc, UpdatedUtc }.
// The one mapping of a Discount row: its Stripe ids and seller never leave the service.

const utc = z.iso.datetime();

export const discountViewSchema = z.object({
  discountId: z.string(),
  /** Upper case: codes are case-insensitive. */
  code: z.string(),
  name: z.string().nullable(),
  kind: z.enum(DISCOUNT_KINDS),
  /** 1 to 100 for `percent`; null for `amount`. */
  percentOff: z.number().int().nullable(),
  /** For `amount`: minor units per currency (lower case), by currency; empty for `percent`. */
  amounts: z.array(z.object({ currency: z.string(), amountMinor: z.number().int() })),
  duration: z.enum(DISCOUNT_DURATIONS),
  /** For `repeating`: 1 to 36; else null. */
  durationMonths: z.number().int().nullable(),
  expiresUtc: utc.nullable(),
  maxRedemptions: z.number().int().nullable(),
  /** Checkouts holding the code now, pending or completed (a failed checkout gives its redemption back). */
  redemptions: z.number().int(),
  /** Empty: every offering of the seller. */
  offeringIds: z.array(z.string()),
  createdUtc: utc,
  updatedUtc: utc,
});
export type DiscountView = z.infer<typeof discountViewSchema>;

export const discountPageSchema = z.object({
  discounts: z.array(discountViewSchema),
  /** Pass as `after` for the next page: the Code of the last discount of this page, or the same cursor when it is empty. */
  nextCursor: z.string().nullable(),
  hasMore: z.boolean(),
});
export type DiscountPage = z.infer<typeof discountPageSchema>;

/** What a view needs loaded with the row. */
export const DISCOUNT_VIEW_INCLUDE = {
  amounts: { orderBy: { currency: 'asc' } },
  offerings: { orderBy: { offeringId: 'asc' } },
} satisfies Prisma.DiscountInclude;

export function discountView(row: Discount & { amounts: DiscountAmount[]; offerings: DiscountOffering[] }): DiscountView {
  return {
    discountId: row.id,
    code: row.code,
    name: row.name,
    kind: row.kind,
    percentOff: row.percentOff,
    amounts: row.amounts.map((amount) => ({ currency: amount.currency, amountMinor: amount.amountMinor })),
    duration: row.duration,
    durationMonths: row.durationMonths,
    expiresUtc: row.expiresAt?.toISOString() ?? null,
    maxRedemptions: row.maxRedemptions,
    redemptions: row.redemptions,
    offeringIds: row.offerings.map((offering) => offering.offeringId),
    createdUtc: row.createdAt.toISOString(),
    updatedUtc: row.updatedAt.toISOString(),
  };
}
