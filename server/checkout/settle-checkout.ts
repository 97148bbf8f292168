import { sellerDisplayName } from '../catalog/seller-profile';
import { seal } from '../crypto/secret-box';
import type { Db } from '../db';
import { findOrCreateAccountByEmail } from '../identity/accounts';
import { mintLicense } from '../licensing/licenses/mint-license';
import { sendLicenseDeliveryEmail } from '../mail/license-delivery-mail';
import { CREDENTIAL_SEAL_PURPOSE } from './get-checkout-result';

export interface SettlementRefs {
  checkoutId: string;
  processorCustomerId?: string | null;
  processorSubscriptionId?: string | null;
  /** The address the buyer paid with (embedded checkouts resolve or create the account from it). */
  customerEmail?: string | null;
}

/** What a settlement leaves to do once its transaction has committed. */
export interface Settlement {
  licenseId: string;
  /** The checkout settled: its receipt is /orders/<checkoutId>. */
  checkoutId: string;
  buyerEmail: string | null;
  offeringName: string;
  sellerName: string;
}

/**
 * Payment completed, inside the caller's transaction: mint the license and complete the checkout,
 * exactly once however often the processor reports it (the pending → completed update is the
 * guard). Null when the checkout was not pending. `processorStateAt` (the time of the processor's
 * event) becomes the license's, so an older subscription event cannot overwrite the new state.
 * The caller sends the delivery e-mail after the commit (deliverSettlement).
 */
export async function settleCheckoutWithin(
  tx: Db,
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
    // What the buyer was charged per seat, fixed when the checkout opened (not the price now).
    unitPriceMinor: Math.round(Number(checkout.amountMinor) / Math.max(checkout.quantity, 1)),
    checkoutId: checkout.id,
    processorSubscriptionId: refs.processorSubscriptionId,
  });
  if (refs.processorStateAt) await tx.license.update({ where: { id: minted.licenseId }, data: { processorStateAt: refs.processorStateAt } });
  await tx.checkout.update({
    where: { id: checkout.id },
    data: {
      buyerAccountId,
      processorCustomerId: refs.processorCustomerId ?? undefined,
      processorSubscriptionId: refs.processorSubscriptionId ?? undefined,
      credentialCiphertext: minted.code ? seal(CREDENTIAL_SEAL_PURPOSE, minted.code) : null,
    },
  });
  const buyer = buyerAccountId ? await tx.account.findUnique({ where: { id: buyerAccountId } }) : null;
  return { licenseId: minted.licenseId, checkoutId: checkout.id, buyerEmail: buyer?.email ?? null, offeringName: checkout.offering.name, sellerName: sellerDisplayName(checkout.seller) };
}

/** After the settlement's commit: the license delivery e-mail (sendEmail decides how it goes out). */
export async function deliverSettlement(ctx: { db: Db }, settlement: Settlement): Promise<void> {
  if (!settlement.buyerEmail) return;
  await sendLicenseDeliveryEmail(ctx, {
    to: settlement.buyerEmail,
    offeringName: settlement.offeringName,
    sellerName: settlement.sellerName,
    checkoutId: settlement.checkoutId,
    licenseId: settlement.licenseId,
  });
}

/** Payment completed, in a transaction of its own (the local processor's Pay button). */
export async function settleCheckout(ctx: { db: Db }, refs: SettlementRefs): Promise<{ settled: boolean; licenseId: string | null }> {
  const settlement = await ctx.db.$transaction((tx) => settleCheckoutWithin(tx as unknown as Db, refs));
  if (!settlement) return { settled: false, licenseId: null };
  await deliverSettlement(ctx, settlement);
  return { settled: true, licenseId: settlement.licenseId };
}

/** The checkout cannot complete (cancelled, expired, refused): failed, with the reason. */
export async function failCheckout(ctx: { db: Db }, input: { checkoutId: string; error: string }): Promise<boolean> {
  const failed = await ctx.db.checkout.updateMany({ where: { id: input.checkoutId, status: 'pending' }, data: { status: 'failed', error: input.error } });
  return failed.count > 0;
}
