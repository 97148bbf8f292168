import { createDiscountSchema, type CreateDiscountInput } from '../../sdk/src/contract/discounts';
import type { Tx } from '../db';
import { DomainError } from '../errors';
import { sqlStateOf } from '../platform/database/sql-error';
import { validationErrorFromZod } from '../validation-error';
import { DISCOUNT_VIEW_INCLUDE, discountView, type DiscountView } from './discount-view';
import { ownOfferingIds } from './offering-restriction';

/**
 * A seller's new discount code (POST /licensing-mgmt/discounts, the portal's Discounts page). The
 * code is unique per seller whatever its case (kept upper case; the unique index decides a race:
 * 409 DiscountCodeInUse); its offerings are the seller's own; an expiry lies in the future. What it
 * takes off is fixed from here on (update-discount.ts).
 */
export async function createDiscount(ctx: { db: Tx; now?: Date }, input: CreateDiscountInput & { sellerId: string }): Promise<DiscountView> {
  const parsed = createDiscountSchema.safeParse(input);
  if (!parsed.success) throw validationErrorFromZod(parsed.error);
  const fields = parsed.data;
  const expiresAt = fields.expiresUtc ? new Date(fields.expiresUtc) : null;
  if (expiresAt && expiresAt <= (ctx.now ?? new Date())) {
    throw new DomainError('ValidationError', 'One or more fields failed validation.', { details: [{ Code: 'InvalidValue', Message: 'Give an expiry in the future.', Field: 'ExpiresUtc' }] });
  }
  const offeringIds = await ownOfferingIds(ctx.db, input.sellerId, fields.offeringIds);
  try {
    const discount = await ctx.db.discount.create({
      data: {
        sellerId: input.sellerId,
        code: fields.code,
        name: fields.name ?? null,
        kind: fields.kind,
        percentOff: fields.kind === 'percent' ? fields.percentOff : null,
        duration: fields.duration,
        durationMonths: fields.duration === 'repeating' ? fields.durationMonths : null,
        expiresAt,
        maxRedemptions: fields.maxRedemptions ?? null,
        amounts: { create: fields.kind === 'amount' ? (fields.amounts ?? []).map(({ currency, amountMinor }) => ({ currency, amountMinor })) : [] },
        offerings: { create: offeringIds.map((offeringId) => ({ offeringId })) },
      },
      include: DISCOUNT_VIEW_INCLUDE,
    });
    return discountView(discount);
  } catch (error) {
    if (sqlStateOf(error) === '23505') throw new DomainError('DiscountCodeInUse', `You already have the discount code ${fields.code} (codes are the same whatever their case).`);
    throw error;
  }
}
