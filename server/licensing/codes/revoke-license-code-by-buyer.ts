import { z } from 'zod';
import type { Db } from '../../db';
import { licenseCodeIdOfSealedCredential } from '../../checkout/get-checkout-result';
import { DomainError } from '../../errors';
import { publishInvalidation } from '../../platform/invalidation/invalidation';
import { LICENSE_CODE_TOPIC } from '../licensing-topics';
import { recordEvent } from '../../events/record-event';

export const revokeLicenseCodeInputSchema = z.object({ codeId: z.string().min(1).max(100) });
export type RevokeLicenseCodeInput = z.infer<typeof revokeLicenseCodeInputSchema>;

export interface RevokedLicenseCode {
  id: string;
  revokedAt: Date;
}

/**
 * The buyer revokes one of their license codes from the license page (spec "License code": issued →
 * revoked; refused with CredentialRevoked at the next authorization refresh). A code of another
 * buyer's license, or an unknown id, is NotFound: the answer does not tell the two apart. Revoking
 * twice keeps the first revocation time.
 */
export async function revokeLicenseCodeByBuyer(
  ctx: { db: Db; now?: Date },
  input: RevokeLicenseCodeInput & { buyerAccountId: string },
): Promise<RevokedLicenseCode> {
  const owned = { id: input.codeId, license: { buyerAccountId: input.buyerAccountId } };
  const code = await ctx.db.licenseCode.findFirst({ where: owned, select: { id: true, seatId: true, label: true, licenseId: true, license: { select: { checkoutId: true, sellerId: true } } } });
  if (!code) throw new DomainError('NotFound', 'No license code with that id on your licenses.');
  await ctx.db.$transaction(async (tx) => {
    const revoked = await tx.licenseCode.updateMany({ where: { id: code.id, revokedAt: null }, data: { revokedAt: ctx.now ?? new Date() } });
    if (revoked.count === 1) {
      await recordEvent(tx as unknown as Db, { sellerId: code.license.sellerId, type: 'license_code.revoked', licenseId: code.licenseId, data: { LicenseId: code.licenseId, SeatId: code.seatId, CodeId: code.id, Label: code.label } });
    }
  });
  if (code.license.checkoutId) await forgetSealedCopy(ctx, { checkoutId: code.license.checkoutId, codeId: code.id });
  // Published on a repeated revoke too: cheap, and it covers a first publish that was lost.
  await publishInvalidation(ctx, LICENSE_CODE_TOPIC, code.id);
  const revoked = await ctx.db.licenseCode.findUniqueOrThrow({ where: { id: code.id }, select: { id: true, revokedAt: true } });
  return { id: revoked.id, revokedAt: revoked.revokedAt! };
}

/**
 * The checkout that sold the license keeps its code sealed so that its buyer can read the result
 * again (GET /purchase/checkout/{id}); once that code is revoked the copy has no use left, so it is
 * deleted (the result then carries EncodedCredential null). Only when the copy is this very code:
 * revoking a code issued later leaves the sale's code readable.
 */
export async function forgetSealedCopy(ctx: { db: Db }, input: { checkoutId: string; codeId: string }): Promise<void> {
  const checkout = await ctx.db.checkout.findUnique({ where: { id: input.checkoutId }, select: { credentialCiphertext: true } });
  const sealed = checkout?.credentialCiphertext;
  if (!sealed || licenseCodeIdOfSealedCredential(sealed) !== input.codeId) return;
  // Compared with the value read: a concurrent change of the copy is not overwritten.
  await ctx.db.checkout.updateMany({ where: { id: input.checkoutId, credentialCiphertext: sealed }, data: { credentialCiphertext: null } });
}
