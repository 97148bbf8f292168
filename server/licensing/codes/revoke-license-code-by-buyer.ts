import { z } from 'zod';
import type { Db } from '../../db';
import { DomainError } from '../../errors';
import { revokeCodesWithin } from './revoke-codes';

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
  await ctx.db.$transaction((tx) =>
    revokeCodesWithin(tx, { license: { id: code.licenseId, sellerId: code.license.sellerId, checkoutId: code.license.checkoutId }, codes: [code], now: ctx.now ?? new Date() }),
  );
  const revoked = await ctx.db.licenseCode.findUniqueOrThrow({ where: { id: code.id }, select: { id: true, revokedAt: true } });
  return { id: revoked.id, revokedAt: revoked.revokedAt! };
}
