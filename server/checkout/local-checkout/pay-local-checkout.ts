import type { z } from 'zod';
import type { Db } from '../../db';
import type { BillingDetails, ProcessorCharge } from '../../payments/port';
import { localTaxRateBps } from '../../payments/local/local-tax-rates';
import { postalAddressOf, postalAddressSchema, storableText } from '../../sellers/postal-address';
import { isReverseCharge, taxOf } from '../../billing/tax-amount';
import { localProcessorEvent } from '../../payments/local/local-adapter';
import { assertLocalProcessorPayable } from '../../payments/local/local-processor';
import { applyProcessorEvent } from '../../orders/processor-events/apply-processor-event';
import { emailAddressSchema } from '../../identity/accounts';
import { findLocalCheckout, localCheckoutPageUrl, localCheckoutReturnUrl, needsBuyerEmail } from './get-local-checkout';

export const LOCAL_CHECKOUT_CANCELLED_ERROR = 'Payment was cancelled.';

export interface LocalCheckoutOutcome {
  status: 'pending' | 'completed' | 'failed';
  /** Where the buyer's browser goes next. */
  redirectTo: string;
}

async function outcomeOf(ctx: { db: Db }, checkoutId: string): Promise<LocalCheckoutOutcome> {
  const checkout = await findLocalCheckout(ctx, checkoutId);
  if (checkout.status === 'completed') return { status: 'completed', redirectTo: localCheckoutReturnUrl(checkout, 'success') };
  if (checkout.status === 'failed') return { status: 'failed', redirectTo: localCheckoutReturnUrl(checkout, 'cancel') };
  return { status: 'pending', redirectTo: localCheckoutPageUrl(checkout.id) };
}

/** What the buyer types on the hosted page when the seller collects tax: the billing address, and a business's tax id. */
const localBillingSchema = postalAddressSchema.extend({ taxId: storableText(40).optional() });
export type LocalBilling = z.input<typeof localBillingSchema>;

type PayableCheckout = Awaited<ReturnType<typeof findLocalCheckout>>;

/**
 * What the local processor charges at Pay: the checkout's amount and, when the seller collects tax,
 * the tax of the buyer's address by the local rate table (exclusive: added; inclusive: found inside),
 * none for a business buyer abroad (reverse charge). Null when tax needs an address the buyer did not give.
 */
function localCharge(checkout: PayableCheckout, billing: LocalBilling | undefined): { charged: ProcessorCharge; billing: BillingDetails | null } | null {
  const untaxed = { totalMinor: Number(checkout.amountMinor), discountMinor: Number(checkout.discountMinor), taxMinor: 0, taxRateBps: null };
  if (!checkout.taxBehavior) return { charged: untaxed, billing: null };
  const parsed = localBillingSchema.safeParse(billing ?? {});
  if (!parsed.success) return null;
  const { taxId, ...address } = parsed.data;
  const exempt = isReverseCharge({ country: address.country, taxId: taxId || null }, postalAddressOf(checkout.seller.originAddress)?.country ?? null);
  const rateBps = exempt ? 0 : localTaxRateBps(address);
  const { taxMinor, grossMinor } = taxOf(checkout.amountMinor, checkout.taxBehavior, rateBps);
  return {
    charged: { ...untaxed, totalMinor: Number(grossMinor), taxMinor: Number(taxMinor), taxRateBps: rateBps },
    billing: { address, taxId: taxId || null, taxExempt: exempt },
  };
}

/** What the local processor reports of its hosted page: paid, or cancelled by the buyer (the events Stripe's would become). */
function localPaymentEvent(
  checkout: { id: string; processorSessionId: string | null },
  outcome: { paid: true; charge: NonNullable<ReturnType<typeof localCharge>>; customerEmail: string | null } | { paid: false },
) {
  const processorSessionId = checkout.processorSessionId ?? `local_${checkout.id}`;
  return outcome.paid
    ? localProcessorEvent({
        type: 'PaymentSucceeded',
        checkoutId: checkout.id,
        processorSessionId,
        customerId: null,
        subscriptionId: null,
        paymentId: `local_pay_${checkout.id}`,
        // The address typed on the page (a guest's), as Stripe reports the one typed on its own.
        customerEmail: outcome.customerEmail,
        charged: outcome.charge.charged,
        billing: outcome.charge.billing,
      })
    : localProcessorEvent({ type: 'PaymentFailed', checkoutId: checkout.id, processorSessionId, subscriptionId: null, reason: LOCAL_CHECKOUT_CANCELLED_ERROR });
}

/**
 * "Pay" on the local processor's hosted page: settles a pending checkout. A guest's checkout (pay
 * first, verify after) takes the e-mail address typed with Pay: the license is delivered to that
 * address's account, whose owner proves it with the delivery e-mail's link. Paying again (a double
 * click, the back button) mints nothing more and lands on the success page again; a checkout that
 * was cancelled stays failed and goes back to its own page, which says so.
 */
export async function payLocalCheckout(ctx: { db: Db }, input: { checkoutId: string; billing?: LocalBilling; email?: string }): Promise<LocalCheckoutOutcome> {
  // Paying settles without money: refused where the local processor is not the live one (NotFound).
  assertLocalProcessorPayable();
  const checkout = await findLocalCheckout(ctx, input.checkoutId);
  if (checkout.status === 'pending') {
    const email = needsBuyerEmail(checkout) ? emailAddressSchema.safeParse(input.email ?? '') : null;
    // The license needs an address to go to: back to the page, which says so.
    if (email && !email.success) return { status: 'pending', redirectTo: `${localCheckoutPageUrl(checkout.id)}?email=missing` };
    const charge = localCharge(checkout, input.billing);
    // Tax needs the buyer's country: back to the page, which says so.
    if (!charge) return { status: 'pending', redirectTo: `${localCheckoutPageUrl(checkout.id)}?billing=missing` };
    await applyProcessorEvent(ctx, localPaymentEvent(checkout, { paid: true, charge, customerEmail: email?.data ?? null }));
  }
  const outcome = await outcomeOf(ctx, checkout.id);
  return outcome.status === 'failed' ? { ...outcome, redirectTo: localCheckoutPageUrl(checkout.id) } : outcome;
}

/** "Cancel" on the hosted page: the checkout fails with the reason; a paid one stays paid. */
export async function cancelLocalCheckout(ctx: { db: Db }, input: { checkoutId: string }): Promise<LocalCheckoutOutcome> {
  const checkout = await findLocalCheckout(ctx, input.checkoutId);
  if (checkout.status === 'pending') await applyProcessorEvent(ctx, localPaymentEvent(checkout, { paid: false }));
  return outcomeOf(ctx, checkout.id);
}
