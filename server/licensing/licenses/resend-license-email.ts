import { productDownloads } from '../../catalog/manage/product-downloads';
import { sellerDisplayName } from '../../catalog/seller-profile';
import type { Db } from '../../db';
import { DomainError } from '../../errors';
import { requestEmailDelivery } from '../../mail/deliver-email';
import { recordLicenseDeliveryEmail } from '../../mail/license-delivery-mail';
import { consumeLimit } from '../../platform/limits/limits';
import { isFinalLicenseStatus } from './license-status';

/**
 * "Resend the license e-mail" on the seller's license page (a buyer who lost it, or whose mail
 * filter ate it): the delivery e-mail of its sale again, to its buyer's address, with a new sign-in
 * link to its codes. Only a license sold to a buyer (one made for a tenant has no one to write to)
 * that still runs; at most `licenseEmails` an hour per license. Recorded in a transaction, sent
 * after the commit by the e-mail job.
 */
export async function resendLicenseEmail(ctx: { db: Db }, input: { sellerId: string; licenseId: string }): Promise<{ sentTo: string }> {
  const license = await ctx.db.license.findFirst({
    where: { id: input.licenseId, sellerId: input.sellerId },
    select: { id: true, status: true, checkoutId: true, buyer: { select: { id: true, email: true } }, seller: true, offering: { select: { name: true, productId: true } } },
  });
  if (!license) throw new DomainError('NotFound', 'No license with that id for this seller.');
  if (!license.buyer || !license.checkoutId) {
    throw new DomainError('ValidationError', 'This license has no buyer to e-mail.', {
      details: [{ Code: 'NoBuyer', Message: 'This license was not sold to a buyer (your backend made it for a tenant): there is no one to e-mail.', Field: 'LicenseId' }],
    });
  }
  if (isFinalLicenseStatus(license.status)) throw new DomainError('LicenseNotActive', `This license is ${license.status}: there is nothing to deliver.`);
  await consumeLimit('licenseEmails', license.id);
  const { buyer, checkoutId } = license;
  await ctx.db.$transaction(async (tx) =>
    recordLicenseDeliveryEmail(tx, {
      to: buyer.email,
      accountId: buyer.id,
      offeringName: license.offering.name,
      sellerName: sellerDisplayName(license.seller),
      checkoutId,
      licenseId: license.id,
      downloads: await productDownloads({ db: tx }, license.offering.productId),
    }),
  );
  await requestEmailDelivery();
  return { sentTo: buyer.email };
}
