import type { CheckoutStatus } from '@/generated/prisma/client';
import { CHECKOUT_ID_MAX, processorCancelUrl, processorSuccessUrl, withSessionId } from '../checkout-core';
import { toOfferingView } from '../../catalog/catalog-views';
import type { OfferingView } from '../../catalog/catalog.schemas';
import { toBaseRate } from '../../catalog/money';
import { storefrontName } from '../../catalog/seller-profile';
import type { Db } from '../../db';
import { env } from '../../env';
import { DomainError } from '../../errors';
import { logoPathOf } from '../../sellers/seller-logo';

/** What the local processor's hosted page shows. No buyer data, no credential: the URL is the only key. */
export interface LocalCheckoutView {
  id: string;
  status: CheckoutStatus;
  sellerName: string;
  offering: OfferingView;
  quantity: number;
  /** Sold per seat: the price reads "per seat" and the quantity is the seats. */
  seatBased: boolean;
  /** The address the checkout was opened for (the buyer's), when known. */
  customerEmail: string | null;
  /** A guest's checkout (pay first, verify after): the Pay form asks for the address the license goes to. */
  asksEmail: boolean;
  /** The seller's storefront logo, when it has one. */
  logoPath: string | null;
  /** The seller's terms of sale and privacy policy (https), when given in the store settings. */
  termsUrl: string | null;
  privacyUrl: string | null;
  /** The offering's price for `quantity` seats in the checkout's currency, before any discount, as an offering view (so it renders like any price). */
  total: OfferingView;
  /** The discount code redeemed and what it takes off the first payment (major units of the checkout's currency). */
  discount: { code: string; amount: number } | null;
  /** What is charged now (the total less the discount; major units of the checkout's currency). */
  dueAmount: number;
  /** The seller collects tax: the Pay form asks for the billing address (and a business's tax id), and the tax is added to or found in the total. */
  tax: { behavior: 'exclusive' | 'inclusive' } | null;
  /** Days free before the first period is billed (nothing is charged now); null without a trial. */
  trialDays: number | null;
  error: string | null;
  successUrl: string;
  cancelUrl: string;
}


/**
 * Where the buyer goes after paying or cancelling: the caller's ReturnUrl (Pay has settled, so the
 * result is completed on landing) or SuccessUrl / CancelUrl with session_id, else the hosted result page.
 */
export function localCheckoutReturnUrl(
  checkout: { id: string; successUrl: string | null; cancelUrl: string | null; returnUrl: string | null },
  outcome: 'success' | 'cancel',
): string {
  if (outcome === 'cancel') return processorCancelUrl(checkout);
  if (checkout.returnUrl) return withSessionId(checkout.returnUrl, checkout.id);
  return processorSuccessUrl(checkout);
}

/** The hosted page of a local-processor checkout itself (where an unpayable one explains why). */
export function localCheckoutPageUrl(checkoutId: string): string {
  return `${env().publicBaseUrl}/checkout/local/${encodeURIComponent(checkoutId)}`;
}

/** A checkout with neither a buyer nor an address (a guest's): its payment page asks for the address, as a processor's does. */
export function needsBuyerEmail(checkout: { buyerAccountId: string | null; customerEmail: string | null }): boolean {
  return checkout.buyerAccountId === null && checkout.customerEmail === null;
}

/** A checkout of the local processor, any status; anything else (unknown, free, Stripe) is NotFound. */
export async function findLocalCheckout(ctx: { db: Db }, checkoutId: string) {
  const checkout =
    checkoutId.length > 0 && checkoutId.length <= CHECKOUT_ID_MAX
      ? await ctx.db.checkout.findFirst({ where: { id: checkoutId, processor: 'local' }, include: { seller: true, offering: true } })
      : null;
  if (!checkout) throw new DomainError('NotFound', 'No checkout session with that id.');
  return checkout;
}

export async function getLocalCheckout(ctx: { db: Db }, input: { checkoutId: string }): Promise<LocalCheckoutView> {
  const checkout = await findLocalCheckout(ctx, input.checkoutId);
  // The trial this checkout opened with (none for a buyer who had it before), not the offering's now.
  const { trialDays: _offeringTrial, ...offeringView } = toOfferingView(checkout.offering, checkout.seller.issuerClientId);
  // Priced as the checkout was opened: its currency and one seat's price then.
  const unitMinor = checkout.unitPriceMinor ?? checkout.offering.priceMinor;
  const offering = {
    ...offeringView,
    currency: checkout.currency,
    baseRate: toBaseRate(unitMinor, checkout.currency),
    ...(checkout.trialDays ? { trialDays: checkout.trialDays } : {}),
  };
  const totalMinor = unitMinor === null ? null : unitMinor * checkout.quantity;
  const logo = await ctx.db.sellerLogo.findUnique({ where: { sellerId: checkout.sellerId }, select: { updatedAt: true } });
  return {
    id: checkout.id,
    status: checkout.status,
    sellerName: storefrontName(checkout.seller),
    offering,
    quantity: checkout.quantity,
    seatBased: checkout.offering.seatBased,
    customerEmail: checkout.customerEmail,
    asksEmail: needsBuyerEmail(checkout),
    logoPath: logoPathOf(checkout.seller.issuerClientId, logo),
    termsUrl: checkout.seller.termsUrl,
    privacyUrl: checkout.seller.privacyUrl,
    total: { ...offering, baseRate: toBaseRate(totalMinor, checkout.currency) },
    discount: checkout.discountCode ? { code: checkout.discountCode, amount: toBaseRate(Number(checkout.discountMinor), checkout.currency) ?? 0 } : null,
    dueAmount: toBaseRate(Number(checkout.amountMinor), checkout.currency) ?? 0,
    trialDays: checkout.trialDays,
    tax: checkout.taxBehavior ? { behavior: checkout.taxBehavior } : null,
    error: checkout.status === 'failed' ? checkout.error : null,
    successUrl: localCheckoutReturnUrl(checkout, 'success'),
    cancelUrl: localCheckoutReturnUrl(checkout, 'cancel'),
  };
}
