import type { Discount } from '@/generated/prisma/client';
import type { Db, Tx } from '../db';
import { DomainError } from '../errors';
import type { DiscountTerms } from './discount-price';

// A discount code at checkout: found and checked against the checkout (refusals are a
// ValidationError naming DiscountCode, in words a buyer understands), then one redemption taken in
// the checkout's own transaction. The take is one conditional UPDATE: concurrent checkouts queue on
// the discount's row and each sees the count the one before it left, so a code with N redemptions
// left is redeemed N times however many ask at once. A checkout that fails gives it back (a trigger
// on Checkout, prisma/migrations/…_currencies_discounts_plan_changes).

export interface ApplicableDiscount {
  id: string;
  /** Upper case, as stored. */
  code: string;
  name: string | null;
  terms: DiscountTerms;
  /** Its coupon and promotion code at Stripe when made already. */
  stripeCouponId: string | null;
  stripePromotionCodeId: string | null;
}

type Refusal = 'Unknown' | 'Expired' | 'UsedUp' | 'NotApplicable';

function refuse(code: Refusal, message: string): DomainError {
  return new DomainError('ValidationError', 'One or more fields failed validation.', { details: [{ Code: code, Field: 'DiscountCode', Message: message }] });
}

const USED_UP = 'This discount code has been used up.';

const WITH_AMOUNTS = { amounts: { select: { currency: true, amountMinor: true } } } as const;

/** The seller's code `code` (upper case) if it applies to a checkout of `offeringId` in `currency`; else a ValidationError saying why. */
export async function findApplicableDiscount(tx: Tx, input: { sellerId: string; code: string; offeringId: string; currency: string; now?: Date }): Promise<ApplicableDiscount> {
  const discount = await tx.discount.findUnique({
    where: { sellerId_code: { sellerId: input.sellerId, code: input.code } },
    include: { ...WITH_AMOUNTS, offerings: { select: { offeringId: true } } },
  });
  if (!discount) throw refuse('Unknown', `There is no discount code “${input.code}”. Check its spelling.`);
  if (discount.expiresAt && discount.expiresAt <= (input.now ?? new Date())) throw refuse('Expired', 'This discount code has expired.');
  if (discount.maxRedemptions !== null && discount.redemptions >= discount.maxRedemptions) throw refuse('UsedUp', USED_UP);
  if (discount.offerings.length > 0 && !discount.offerings.some((offering) => offering.offeringId === input.offeringId)) {
    throw refuse('NotApplicable', 'This discount code does not apply to this offering.');
  }
  if (discount.kind === 'amount' && !discount.amounts.some((amount) => amount.currency === input.currency)) {
    throw refuse('NotApplicable', `This discount code does not apply to prices in ${input.currency.toUpperCase()}.`);
  }
  return applicableOf(discount);
}

function applicableOf(discount: Discount & { amounts: { currency: string; amountMinor: number }[] }): ApplicableDiscount {
  return {
    id: discount.id,
    code: discount.code,
    name: discount.name,
    terms: { kind: discount.kind, percentOff: discount.percentOff, amounts: discount.amounts, duration: discount.duration, durationMonths: discount.durationMonths },
    stripeCouponId: discount.stripeCouponId,
    stripePromotionCodeId: discount.stripePromotionCodeId,
  };
}

/** The discount a checkout redeemed (already checked and counted), or null once deleted. */
export async function findRedeemedDiscount(tx: Tx, discountId: string): Promise<ApplicableDiscount | null> {
  const discount = await tx.discount.findUnique({ where: { id: discountId }, include: WITH_AMOUNTS });
  return discount ? applicableOf(discount) : null;
}

/** Takes one redemption of `discountId` inside the checkout's transaction; a ValidationError when none is left (or it expired or was deleted meanwhile). */
export async function takeRedemption(tx: Tx, discountId: string): Promise<void> {
  const taken = await tx.$executeRaw`
    update "Discount" set "redemptions" = "redemptions" + 1
    where "id" = ${discountId}
      and ("maxRedemptions" is null or "redemptions" < "maxRedemptions")
      and ("expiresAt" is null or "expiresAt" > now())`;
  if (taken === 0) throw refuse('UsedUp', USED_UP);
}

/** Keeps the discount's coupon and promotion code at Stripe once made, so later checkouts reuse them (the first write wins). */
export async function recordProcessorDiscount(ctx: { db: Db }, discountId: string, refs: { couponId: string; promotionCodeId: string }): Promise<void> {
  await ctx.db.discount.updateMany({
    where: { id: discountId, stripePromotionCodeId: null },
    data: { stripeCouponId: refs.couponId, stripePromotionCodeId: refs.promotionCodeId },
  });
}
