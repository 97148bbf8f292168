import type { Db, Tx } from '../../db';
import { DomainError } from '../../errors';
import { consumeLimit } from '../../platform/limits/limits';
import { issueLicenseCode } from './issue-license-code';
import { isFinalLicenseStatus } from '../licenses/license-status';
import { lockedSellerLicense } from '../licenses/locked-seller-license';
import { runOnce } from '../management-request';
import { sellerDisplayName } from '../../catalog/seller-profile';
import { requestEmailDelivery } from '../../mail/deliver-email';
import { recordLicenseCodeEmail } from '../../mail/license-code-mail';
import type { IssuedCode, IssueSeatCodeInput } from '../management-writes.schema';

/**
 * A new code for `seat`, whoever asks (seller or buyer): refused on a retired seat or a license
 * that will never run again, and counted against the seat's `seatCodes` limit.
 */
export async function issueCodeForLiveSeat(
  ctx: { db: Tx },
  input: { seat: { id: string; retiredAt: Date | null }; license: { id: string; status: string }; label: string },
): Promise<{ credentialId: string; code: string }> {
  const { seat, license } = input;
  if (seat.retiredAt) throw new DomainError('SeatRetired', 'This seat is retired: it takes no new license codes.');
  if (isFinalLicenseStatus(license.status)) throw new DomainError('LicenseNotActive', `This license is ${license.status}: it takes no new license codes.`);
  await consumeLimit('seatCodes', seat.id);
  return issueLicenseCode(ctx, { licenseId: license.id, seatId: seat.id, label: input.label });
}

/**
 * POST /licensing-mgmt/licenses/{licenseId}/seats/{seatId}/codes: a new license code for a live
 * seat, with a label, shown once (a replay of the RequestId shows it again). At most
 * `seatCodes` codes per seat per hour, by seller and buyer together (docs/api/README.md "Limits").
 */
export async function issueSeatCode(ctx: { db: Db }, input: IssueSeatCodeInput & { sellerId: string; licenseId: string; seatId: string }): Promise<IssuedCode> {
  return runOnce(ctx, { sellerId: input.sellerId, requestId: input.requestId, operation: 'issue-code', inputs: [input.licenseId, input.seatId, input.label] }, async (tx) => {
    const license = await lockedSellerLicense(tx, input);
    const seat = await tx.seat.findFirst({ where: { id: input.seatId, licenseId: license.id } });
    if (!seat) throw new DomainError('NotFound', 'No seat with that id on this license.');
    const issued = await issueCodeForLiveSeat({ db: tx }, { seat, license, label: input.label });
    const row = await tx.licenseCode.findUniqueOrThrow({ where: { id: issued.credentialId }, select: { createdAt: true } });
    return { codeId: issued.credentialId, licenseId: license.id, seatId: seat.id, label: input.label, encodedCredential: issued.code, createdUtc: row.createdAt.toISOString() };
  });
}

/**
 * The license page's "Issue code" with "E-mail it to the customer": the same new code, and in the
 * same transaction an e-mail of it to the license's buyer, so both happen or neither does; a replay
 * of the RequestId answers the first code again and sends nothing more. A license with no buyer (a
 * tenant's) has no one to e-mail: ValidationError before anything is issued.
 */
export async function issueSeatCodeToCustomer(ctx: { db: Db }, input: IssueSeatCodeInput & { sellerId: string; licenseId: string; seatId: string }): Promise<IssuedCode & { emailedTo: string }> {
  const answer = await runOnce(ctx, { sellerId: input.sellerId, requestId: input.requestId, operation: 'issue-code-emailed', inputs: [input.licenseId, input.seatId, input.label] }, async (tx) => {
    const license = await lockedSellerLicense(tx, input);
    const buyer = license.buyerAccountId ? await tx.account.findUnique({ where: { id: license.buyerAccountId }, select: { email: true } }) : null;
    if (!buyer) {
      throw new DomainError('ValidationError', 'This license has no customer to e-mail.', {
        details: [{ Code: 'NoBuyer', Message: 'This license was not sold to a buyer: give the code to your tenant yourself.', Field: 'LicenseId' }],
      });
    }
    const seat = await tx.seat.findFirst({ where: { id: input.seatId, licenseId: license.id } });
    if (!seat) throw new DomainError('NotFound', 'No seat with that id on this license.');
    const issued = await issueCodeForLiveSeat({ db: tx }, { seat, license, label: input.label });
    const seller = await tx.seller.findUniqueOrThrow({ where: { id: license.sellerId } });
    await recordLicenseCodeEmail(tx, { to: buyer.email, offeringName: license.offering.name, sellerName: sellerDisplayName(seller), label: input.label, code: issued.code });
    const row = await tx.licenseCode.findUniqueOrThrow({ where: { id: issued.credentialId }, select: { createdAt: true } });
    return { codeId: issued.credentialId, licenseId: license.id, seatId: seat.id, label: input.label, encodedCredential: issued.code, createdUtc: row.createdAt.toISOString(), emailedTo: buyer.email };
  });
  await requestEmailDelivery();
  return answer;
}
