import type { Db, Tx } from '../../db';
import { DomainError } from '../../errors';
import { consumeLimit } from '../../platform/limits/limits';
import { issueLicenseCode } from './issue-license-code';
import { isFinalLicenseStatus } from '../licenses/license-status';
import { lockedSellerLicense } from '../licenses/locked-seller-license';
import { runOnce } from '../management-request';
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
