import type { Db } from '../../db';
import { DomainError } from '../../errors';
import { lockedSellerLicense } from '../licenses/locked-seller-license';
import { runOnce } from '../management-request';
import { revokeCodesWithin } from './revoke-codes';
import type { RevokedCode } from '../management-writes.schema';

/**
 * POST /licensing-mgmt/licenses/{licenseId}/codes/{codeId}/revoke: the code is refused
 * CredentialRevoked at its next authorization on every instance; usage it still reports is kept
 * and dropped. Revoking twice keeps the first time.
 */
export async function revokeLicenseCodeBySeller(ctx: { db: Db; now?: Date }, input: { requestId: string; sellerId: string; licenseId: string; codeId: string }): Promise<RevokedCode> {
  return runOnce(ctx, { sellerId: input.sellerId, requestId: input.requestId, operation: 'revoke-code', inputs: [input.licenseId, input.codeId] }, async (tx) => {
    const license = await lockedSellerLicense(tx, input);
    const code = await tx.licenseCode.findFirst({ where: { id: input.codeId, licenseId: license.id } });
    if (!code) throw new DomainError('NotFound', 'No license code with that id on this license.');
    const revokedAt = code.revokedAt ?? ctx.now ?? new Date();
    await revokeCodesWithin(tx, { license, codes: [code], now: revokedAt });
    return { codeId: code.id, seatId: code.seatId, revokedUtc: revokedAt.toISOString() };
  });
}
