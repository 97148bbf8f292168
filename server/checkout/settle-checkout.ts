import { sellerDisplayName } from '../catalog/seller-profile';
import { seal } from '../crypto/secret-box';
import type { Db } from '../db';
import { findOrCreateAccountByEmail } from '../identity/accounts';
import { mintLicense } from '../licensing/mint-license';
import { sendLicenseDeliveryEmail } from '../mail/license-delivery-mail';
import { CREDENTIAL_SEAL_PURPOSE } from './get-checkout-result';

export interface SettlementRefs {
  checkoutId: string;
  processorCustomerId?: string | null;
  processorSubscriptionId?: string | null;
  /** The address the buyer paid with (embedded checkouts resolve or create the account from it). */
  customerEmail?: string | null;
}

/**
 * Payment completed: mint the license and complete the checkout, exactly once however often the
 * processor reports it (the pending → completed update is the guard). The delivery e-mail goes out
 * after the commit.
 */
export async function settleCheckout(ctx: { db: Db }, refs: SettlementRefs): Promise<{ settled: boolean; licenseId: string | null }> {
  const outcome = await ctx.db.$transaction(async (tx) => {
    const claimed = await tx.checkout.updateMany({ where: { id: refs.checkoutId, status: 'pending' }, data: { status: 'completed', completedAt: new Date() } });
    if (claimed.count === 0) return null;
    const checkout = await tx.checkout.findUniqueOrThrow({ where: { id: refs.checkoutId }, include: { offering: true, seller: true } });
    const email = refs.customerEmail ?? checkout.customerEmail;
    const buyerAccountId = checkout.buyerAccountId ?? (email ? (await findOrCreateAccountByEmail({ db: tx as unknown as Db }, email)).id : null);
    const minted = await mintLicense(tx as unknown as Db, {
      offering: checkout.offering,
      buyerAccountId,
      correlationId: checkout.correlationId,
      seatCount: checkout.quantity,
      checkoutId: checkout.id,
      processorSubscriptionId: refs.processorSubscriptionId,
    });
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
    return { licenseId: minted.licenseId, buyerEmail: buyer?.email ?? null, offeringName: checkout.offering.name, sellerName: sellerDisplayName(checkout.seller) };
  });
  if (!outcome) return { settled: false, licenseId: null };
  if (outcome.buyerEmail) {
    await sendLicenseDeliveryEmail(ctx, { to: outcome.buyerEmail, offeringName: outcome.offeringName, sellerName: outcome.sellerName });
  }
  return { settled: true, licenseId: outcome.licenseId };
}

/** The checkout cannot complete (cancelled, expired, refused): failed, with the reason. */
export async function failCheckout(ctx: { db: Db }, input: { checkoutId: string; error: string }): Promise<boolean> {
  const failed = await ctx.db.checkout.updateMany({ where: { id: input.checkoutId, status: 'pending' }, data: { status: 'failed', error: input.error } });
  return failed.count > 0;
}
