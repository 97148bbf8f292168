import crypto from 'node:crypto';
import { sha256Hex } from '../../crypto/secrets';
import type { Tx } from '../../db';
import { recordEvent } from '../../events/record-event';
import { encodeLicenseCode, signRuntimeToken } from './runtime-token';

/**
 * A license code for one seat: shown once, only its hash is kept. Its runtime token names the
 * code's own id as subject, so revoking the code refuses exactly this credential.
 */
export async function issueLicenseCode(ctx: { db: Tx }, input: { licenseId: string; seatId: string; label: string }): Promise<{ credentialId: string; code: string }> {
  const credentialId = crypto.randomUUID();
  const { token, signingKeyId } = await signRuntimeToken(ctx, { credentialId, licenseId: input.licenseId, seatId: input.seatId });
  const code = encodeLicenseCode(token);
  const created = await ctx.db.licenseCode.create({
    data: { id: credentialId, licenseId: input.licenseId, seatId: input.seatId, label: input.label, secretHash: sha256Hex(code), signingKeyId },
    select: { license: { select: { sellerId: true } } },
  });
  // Ids and the label only: the code itself is never in an event.
  await recordEvent(ctx.db, {
    sellerId: created.license.sellerId,
    type: 'license_code.issued',
    licenseId: input.licenseId,
    data: { LicenseId: input.licenseId, SeatId: input.seatId, CodeId: credentialId, Label: input.label },
  });
  return { credentialId, code };
}
