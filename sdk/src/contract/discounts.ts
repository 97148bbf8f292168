import { z } from 'zod';
import { currencySchema, discountCodeSchema, idSchema } from './fields.js';

// The request shapes of a seller's discount codes (docs/api/management.md "Discount codes"),
// camelCase: POST, PATCH and GET (the list's query) of /licensing-mgmt/discounts.
//
// What a code takes off (kind, percent or amounts, duration) and the code itself are fixed at
// creation, as a Stripe coupon is: a subscription that redeemed it never sees it change. A PATCH
// changes the name, the expiry, the maximum of redemptions and the offerings only.

export const DISCOUNT_KINDS = ['percent', 'amount'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];
export const DISCOUNT_DURATIONS = ['once', 'forever', 'repeating'] as const;
export type DiscountDuration = (typeof DISCOUNT_DURATIONS)[number];

/** One amount per currency at most, as many as an offering has prices. */
export const MAX_DISCOUNT_AMOUNTS = 10;
/** Offerings a code may be restricted to. */
export const MAX_DISCOUNT_OFFERINGS = 100;
/** A `repeating` discount lasts 1 to 36 months (Stripe's coupons allow more; three years is plenty). */
export const MAX_DISCOUNT_MONTHS = 36;
/** The database's integer: no count or amount above it is kept. */
const MAX_INT = 2_147_483_647;
/** Codes per page of the list, at most. */
export const MAX_DISCOUNTS_PAGE = 100;

const discountAmountSchema = z.object({
  currency: currencySchema,
  /** Minor units of that currency (cents for USD, yen for JPY): what the code takes off there. */
  amountMinor: z.number().int('An amount is a whole number of minor units (500 = USD 5.00).').min(1, 'An amount is at least 1 minor unit.').max(MAX_INT),
});

const nameSchema = z.string().trim().min(1).max(80).describe("The seller's own name for the code (portal, receipts); null: none.");
const expiresUtcSchema = z.iso
  .datetime({ offset: true, error: 'Give a date and time in ISO 8601, such as 2027-01-31T23:59:59Z.' })
  .describe('No checkout redeems the code from then on; null: it never expires.');
const maxRedemptionsSchema = z.number().int().min(1).max(MAX_INT).describe('At most this many checkouts redeem the code (pending or completed); null: no limit.');
const offeringIdsSchema = z
  .array(idSchema)
  .max(MAX_DISCOUNT_OFFERINGS)
  .describe("The offerings the code applies to, all the seller's own; empty: every offering of the seller.");

export const createDiscountSchema = z
  .object({
    /** Letters, digits, `-` and `_`, 3 to 32; case-insensitive (kept upper case), unique per seller. */
    code: discountCodeSchema,
    name: nameSchema.nullable().optional(),
    kind: z.enum(DISCOUNT_KINDS).describe('`percent`: PercentOff of the price; `amount`: a fixed amount per currency (Amounts).'),
    percentOff: z.number().int().min(1).max(100).describe('1 to 100, with kind `percent` only.').nullable().optional(),
    amounts: z
      .array(discountAmountSchema)
      .max(MAX_DISCOUNT_AMOUNTS)
      .optional()
      .describe('With kind `amount` only: one per currency; the code applies to checkouts in these currencies only.'),
    duration: z
      .enum(DISCOUNT_DURATIONS)
      .default('once')
      .describe('For subscriptions: `once` (the first payment), `forever` (every payment), `repeating` (the first DurationMonths months). A one-time purchase has one payment.'),
    durationMonths: z.number().int().min(1).max(MAX_DISCOUNT_MONTHS).describe('1 to 36, with duration `repeating` only.').nullable().optional(),
    expiresUtc: expiresUtcSchema.nullable().optional(),
    maxRedemptions: maxRedemptionsSchema.nullable().optional(),
    offeringIds: offeringIdsSchema.default([]),
  })
  .superRefine((discount, ctx) => {
    // What the database holds too (CHECKs of the Discount table): a percent xor amounts; `repeating` ⇔ its months.
    const refuse = (path: (string | number)[], message: string, detailCode = 'Invalid') => ctx.addIssue({ code: 'custom', path, message, params: { detailCode } });
    const amounts = discount.amounts ?? [];
    if (discount.kind === 'percent') {
      if (discount.percentOff == null) refuse(['percentOff'], 'A percent discount needs the percent it takes off, 1 to 100.', 'Required');
      if (amounts.length > 0) refuse(['amounts'], 'A percent discount takes no amounts; make an amount discount for a fixed amount.');
    } else {
      if (amounts.length === 0) refuse(['amounts'], 'An amount discount needs an amount in at least one currency.', 'Required');
      if (discount.percentOff != null) refuse(['percentOff'], 'An amount discount takes no percent; make a percent discount for that.');
    }
    const seen = new Set<string>();
    amounts.forEach((amount, index) => {
      if (seen.has(amount.currency)) refuse(['amounts', index, 'currency'], `${amount.currency.toUpperCase()} is given twice: one amount per currency.`, 'Duplicate');
      seen.add(amount.currency);
    });
    if (discount.duration === 'repeating' && discount.durationMonths == null) refuse(['durationMonths'], 'A repeating discount needs its number of months, 1 to 36.', 'Required');
    if (discount.duration !== 'repeating' && discount.durationMonths != null) refuse(['durationMonths'], 'Months go with a repeating discount only.');
  });
export type CreateDiscountInput = z.input<typeof createDiscountSchema>;

/** A field fixed at creation: sending it in a change, whatever its value, is refused naming it. */
const fixedAtCreation = (field: string) =>
  z
    .unknown()
    .refine((value) => value === undefined, {
      message: `${field} is fixed at creation (as at Stripe, a redeemed code never changes under a subscription): create a new code instead.`,
      params: { detailCode: 'FixedAtCreation' },
    })
    .describe('Fixed at creation: sending it is 400 ValidationError naming it; create a new code instead.')
    .optional();

export const updateDiscountSchema = z.object({
  name: nameSchema.nullable().optional(),
  expiresUtc: expiresUtcSchema.nullable().optional(),
  maxRedemptions: maxRedemptionsSchema.nullable().optional(),
  offeringIds: offeringIdsSchema.optional(),
  code: fixedAtCreation('The code'),
  kind: fixedAtCreation('Kind'),
  percentOff: fixedAtCreation('PercentOff'),
  amounts: fixedAtCreation('Amounts'),
  duration: fixedAtCreation('Duration'),
  durationMonths: fixedAtCreation('DurationMonths'),
});
export type UpdateDiscountInput = z.input<typeof updateDiscountSchema>;

/** GET /licensing-mgmt/discounts: the seller's codes by code (A to Z), a page after a cursor. */
export const discountsQuerySchema = z.object({
  /** The Code of the last discount read (NextCursor of the previous page); left out, the list starts at the first code. */
  after: discountCodeSchema.optional(),
  limit: z.coerce.number().int().min(1).max(MAX_DISCOUNTS_PAGE).default(50),
});
export type DiscountsQuery = z.input<typeof discountsQuerySchema>;
