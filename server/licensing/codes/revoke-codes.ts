import { forgetSaleCode } from '../../checkout/sale-codes';
import type { Tx } from '../../db';
import { recordEvent } from '../../events/record-event';
import { publishInvalidation } from '../../platform/invalidation/invalidation';
import { LICENSE_CODE_TOPIC } from '../licensing-topics';
import { releaseDevicesWithin } from '../devices/release-devices';

/**
 * Revokes license codes of one license inside `tx`: the seller's revoke, the buyer's, and a code
 * replaced by a new one. Each code still live is revoked at `now` and told to the seller's backend
 * (license_code.revoked); revoking twice keeps the first time and tells nothing. For every code the
 * sale's sealed copy is forgotten when it is this code, and every instance drops it from its cache at
 * commit, on a repeated revoke too (cheap, and it covers a first notice that was lost). The devices a
 * code activated give their places back with it (device.deactivated, By CodeRevoked).
 */
export async function revokeCodesWithin(
  tx: Tx,
  input: { license: { id: string; sellerId: string; checkoutId: string | null }; codes: { id: string; seatId: string; label: string | null }[]; now: Date },
): Promise<void> {
  const { license } = input;
  for (const code of input.codes) {
    const revoked = await tx.licenseCode.updateMany({ where: { id: code.id, revokedAt: null }, data: { revokedAt: input.now } });
    if (revoked.count === 1) {
      await recordEvent(tx, { sellerId: license.sellerId, type: 'license_code.revoked', licenseId: license.id, data: { LicenseId: license.id, SeatId: code.seatId, CodeId: code.id, Label: code.label } });
    }
    await releaseDevicesWithin(tx, { sellerId: license.sellerId, where: { codeId: code.id }, by: 'CodeRevoked', now: input.now });
    if (license.checkoutId) await forgetSaleCode(tx, { checkoutId: license.checkoutId, codeId: code.id });
    await publishInvalidation({ db: tx }, LICENSE_CODE_TOPIC, code.id);
  }
}
