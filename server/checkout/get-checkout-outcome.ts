import { storefrontName } from '../catalog/seller-profile';
import type { Db } from '../db';
import { LOCAL_CHECKOUT_CANCELLED_ERROR } from './local-checkout/pay-local-checkout';
import { CHECKOUT_ID_MAX } from './checkout-core';

type CheckoutOutcomeState = 'completed' | 'pending' | 'cancelled' | 'failed' | 'unknown';

/** What the hosted result page says about a checkout: its state in plain terms and where to go back. */
export interface CheckoutOutcome {
  state: CheckoutOutcomeState;
  sellerName: string | null;
  offeringName: string | null;
  /** The seller's storefront, for a way back. */
  storefrontPath: string | null;
  /** Why it failed (the processor's or our words), on failed only. */
  reason: string | null;
}

const UNKNOWN: CheckoutOutcome = { state: 'unknown', sellerName: null, offeringName: null, storefrontPath: null, reason: null };

/**
 * The outcome of a checkout by its id, for the hosted result page (the id is the capability, as with
 * the processor's own page): no buyer data and no credential. An unknown id is `unknown`.
 */
export async function getCheckoutOutcome(ctx: { db: Db }, checkoutId: string | undefined): Promise<CheckoutOutcome> {
  if (!checkoutId || checkoutId.length > CHECKOUT_ID_MAX || !/^[A-Za-z0-9-]+$/.test(checkoutId)) return UNKNOWN;
  const checkout = await ctx.db.checkout.findUnique({
    where: { id: checkoutId },
    select: { status: true, error: true, offering: { select: { name: true } }, seller: { select: { issuerClientId: true, legalName: true, contactName: true, storeName: true } } },
  });
  if (!checkout) return UNKNOWN;
  const cancelled = checkout.status === 'failed' && checkout.error === LOCAL_CHECKOUT_CANCELLED_ERROR;
  return {
    state: checkout.status === 'completed' ? 'completed' : checkout.status === 'pending' ? 'pending' : cancelled ? 'cancelled' : 'failed',
    sellerName: storefrontName(checkout.seller),
    offeringName: checkout.offering.name,
    storefrontPath: `/marketplace/${encodeURIComponent(checkout.seller.issuerClientId)}`,
    reason: checkout.status === 'failed' && !cancelled ? checkout.error : null,
  };
}
