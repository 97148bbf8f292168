import { sellerDisplayName } from '../catalog/seller-profile';
import type { Tx } from '../db';
import type { BillingDetails, ProcessorCharge } from '../payments/port';
import { findOrCreateAccountByEmail } from '../identity/accounts';
import { mintLicense } from '../licensing/licenses/mint-license';
import { requestEmailDelivery } from '../mail/deliver-email';
import { recordLicenseDeliveryEmail } from '../mail/license-delivery-mail';
import { productDownloads } from '../catalog/manage/product-downloads';
import { assignInvoiceNumber } from '../billing/invoice-number';
import { recordCheckoutCompleted } from './checkout-events';
import { sealSaleCodes } from './sale-codes';

export interface SettlementRefs {
  checkoutId: string;
  processorCustomerId?: string | null;
  processorSubscriptionId?: string | null;
  /** The processor's payment (refunds and disputes are traced back to the order by it). */
  processorPaymentId?: string | null;
  /** The address the buyer paid with (embedded checkouts resolve or create the account from it). */
  customerEmail?: string | null;
  /** What the processor charged, when it says. */
  charged?: ProcessorCharge | null;
  /** The billing address and tax id the buyer gave, when the processor collected them. */
  billing?: BillingDetails | null;
}

/** What a settlement did; once its transaction has committed, deliverSettlement sends the e-mail it recorded. */
export interface Settlement {
  licenseId: string;
  /** The checkout settled: its receipt is /orders/<checkoutId>. */
  checkoutId: string;
  /** The delivery e-mail was recorded with the settlement and waits for SMTP. */
  emailQueued: boolean;
}

/**
 * Payment completed, inside the caller's transaction: mint the license and complete the checkout,
 * exactly once however often the processor reports it (the pending → completed update is the
 * guard). Null when the checkout was not pending. `processorStateAt` (the time of the processor's
 * event) becomes the license's, so an older subscription event cannot overwrite the new state.
 * The delivery e-mail is recorded in the same transaction, so a paid checkout never lacks it; the
 * caller asks for its delivery after the commit (deliverSettlement).
 */
export async function settleCheckoutWithin(
  tx: Tx,
  refs: SettlementRefs & { processorStateAt?: Date | null },
): Promise<Settlement | null> {
  const claimed = await tx.checkout.updateMany({ where: { id: refs.checkoutId, status: 'pending' }, data: { status: 'completed', completedAt: new Date() } });
  if (claimed.count === 0) return null;
  const checkout = await tx.checkout.findUniqueOrThrow({ where: { id: refs.checkoutId }, include: { offering: true, seller: true } });
  // The typed address of an embedded checkout is whom the seller sold to; what the processor reports
  // (the address typed on its page) only fills in for a checkout without one.
  const email = checkout.customerEmail ?? refs.customerEmail;
  const buyerAccountId = checkout.buyerAccountId ?? (email ? (await findOrCreateAccountByEmail({ db: tx }, email)).id : null);
  const minted = await mintLicense(tx, {
    offering: checkout.offering,
    buyerAccountId,
    correlationId: checkout.correlationId,
    // The seller's own checkout names its tenant; a buyer's CorrelationId binds nothing.
    tenantId: checkout.origin === 'embedded' ? checkout.correlationId : null,
    seatCount: checkout.quantity,
    codes: checkout.origin === 'embedded' ? 'one-seat-only' : 'every-seat',
    // One seat's list price in the currency of sale, fixed when the checkout opened (not the price
    // now, nor less a discount of the first payment); checkouts from before it was kept: what was charged per seat.
    unitPriceMinor: checkout.unitPriceMinor ?? (checkout.trialDays ? checkout.offering.priceMinor : Math.round(Number(checkout.amountMinor) / Math.max(checkout.quantity, 1))),
    currency: checkout.currency,
    trialDays: checkout.trialDays,
    checkoutId: checkout.id,
    processorSubscriptionId: refs.processorSubscriptionId,
  });
  if (refs.processorStateAt) await tx.license.update({ where: { id: minted.licenseId }, data: { processorStateAt: refs.processorStateAt } });
  await assignInvoiceNumber(tx, checkout);
  const charged = { ...asCharged(checkout, refs.charged), ...billingOf(refs.billing) };
  await recordCheckoutCompleted(tx, { ...checkout, ...charged }, minted);
  await tx.checkout.update({
    where: { id: checkout.id },
    data: {
      buyerAccountId,
      // A guest's checkout learns its address at payment (the processor's page asked for it).
      customerEmail: checkout.customerEmail ?? email ?? undefined,
      processorCustomerId: refs.processorCustomerId ?? undefined,
      processorSubscriptionId: refs.processorSubscriptionId ?? undefined,
      processorPaymentId: refs.processorPaymentId ?? undefined,
      credentialCiphertext: sealSaleCodes(minted.codes),
      ...charged,
    },
  });
  const buyer = buyerAccountId ? await tx.account.findUnique({ where: { id: buyerAccountId } }) : null;
  const delivery = buyer
    ? await recordLicenseDeliveryEmail(tx, {
        to: buyer.email,
        accountId: buyer.id,
        offeringName: checkout.offering.name,
        sellerName: sellerDisplayName(checkout.seller),
        checkoutId: checkout.id,
        licenseId: minted.licenseId,
        // The license just sold runs, so its holder may download the product.
        downloads: await productDownloads({ db: tx }, checkout.offering.productId),
      })
    : null;
  return { licenseId: minted.licenseId, checkoutId: checkout.id, emailQueued: delivery?.status === 'queued' };
}

/**
 * An order with a discount or with tax keeps what the processor took off, added and charged: Stripe
 * computes both (the discount from the coupon by our rule, the tax by Stripe Tax's), the local
 * processor reports what the service computed at Pay. A trial's first charge comes later: nothing
 * is charged at checkout, and nothing changes.
 */
function asCharged(checkout: { discountCode: string | null; taxBehavior: string | null; trialDays: number | null }, charged: ProcessorCharge | null | undefined) {
  if (!charged || (!checkout.discountCode && !checkout.taxBehavior) || checkout.trialDays) return {};
  return {
    amountMinor: BigInt(charged.totalMinor),
    discountMinor: BigInt(charged.discountMinor),
    taxMinor: checkout.taxBehavior ? BigInt(charged.taxMinor) : 0n,
    taxRateBps: charged.taxRateBps,
  };
}

function billingOf(billing: BillingDetails | null | undefined) {
  if (!billing) return {};
  return { billingAddress: billing.address ?? undefined, buyerTaxId: billing.taxId?.slice(0, 40) ?? null, taxExempt: billing.taxExempt };
}

/** After the settlement's commit: its delivery e-mail goes now (the job's minute run would send it otherwise). */
export async function deliverSettlement(settlement: Settlement): Promise<void> {
  if (settlement.emailQueued) await requestEmailDelivery();
}
