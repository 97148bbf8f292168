import type { Offering } from '@/generated/prisma/client';
import { LicenseClassification } from '../catalog/catalog-enums';
import { findOfferingPrice } from '../catalog/offering-prices';
import type { Tx } from '../db';
import { discountOff } from '../discounts/discount-price';
import { findApplicableDiscount, type ApplicableDiscount } from '../discounts/redeem-discount';
import { DomainError } from '../errors';
import { isFreeOffering } from './purchasable-offering';

/** What a checkout charges, decided once when it opens: receipts and revenue never follow a later edit. */
export interface CheckoutPrice {
  /** Lower-case ISO 4217: the price chosen (the asked currency, else the offering's default). */
  currency: string;
  /** One seat's list price in `currency`; null for a free offering. */
  unitPriceMinor: number | null;
  /** Price × seats, before the discount. */
  subtotalMinor: bigint;
  discount: (ApplicableDiscount & { offMinor: bigint }) | null;
  /** What the first charge is: the subtotal less the discount. */
  dueMinor: bigint;
  /**
   * Completes without the processor: a free offering, or nothing due and nothing ever to bill (a
   * one-time purchase, or a subscription whose discount takes all of every payment).
   */
  free: boolean;
}

function currencyRefused(currency: string): DomainError {
  return new DomainError('ValidationError', 'One or more fields failed validation.', {
    details: [{ Code: 'NotOffered', Field: 'Currency', Message: `This offering has no price in ${currency.toUpperCase()}.` }],
  });
}

function freeOfferingRefusesCode(): DomainError {
  return new DomainError('ValidationError', 'One or more fields failed validation.', {
    details: [{ Code: 'NotApplicable', Field: 'DiscountCode', Message: 'This offering is free: it needs no discount code.' }],
  });
}

/**
 * The price of a checkout of `quantity` seats of `offering` in `currency` (null: the default) with
 * `discountCode` (upper case), or a ValidationError naming Currency or DiscountCode. The discount's
 * redemption is taken later, in the transaction that creates the checkout (takeRedemption).
 */
export async function priceCheckout(
  tx: Tx,
  input: { offering: Offering; quantity: number; currency: string | null; discountCode: string | null },
): Promise<CheckoutPrice> {
  const { offering, quantity } = input;
  if (isFreeOffering(offering)) {
    if (input.discountCode) throw freeOfferingRefusesCode();
    // A free offering has no prices to choose among: the asked currency changes nothing.
    return { currency: offering.currency, unitPriceMinor: null, subtotalMinor: 0n, discount: null, dueMinor: 0n, free: true };
  }
  const price = await findOfferingPrice(tx, offering, input.currency);
  if (!price) throw currencyRefused(input.currency ?? offering.currency);
  const subtotalMinor = BigInt(price.amountMinor) * BigInt(quantity);
  if (!input.discountCode) return { currency: price.currency, unitPriceMinor: price.amountMinor, subtotalMinor, discount: null, dueMinor: subtotalMinor, free: false };

  const found = await findApplicableDiscount(tx, { sellerId: offering.sellerId, code: input.discountCode, offeringId: offering.id, currency: price.currency });
  const offMinor = discountOff(found.terms, subtotalMinor, price.currency) ?? 0n;
  const dueMinor = subtotalMinor - offMinor;
  const oneTime = offering.classification !== LicenseClassification.Subscription;
  // A 100% discount on a one-time purchase, or on every payment of a subscription, completes like a free offering.
  const free = dueMinor === 0n && (oneTime || found.terms.duration === 'forever');
  return { currency: price.currency, unitPriceMinor: price.amountMinor, subtotalMinor, discount: { ...found, offMinor }, dueMinor, free };
}
