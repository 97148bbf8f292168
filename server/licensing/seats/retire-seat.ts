import { sqlStateOf } from '../../platform/database/sql-error';
import type { Db } from '../../db';
import { recordEvent } from '../../events/record-event';
import { DomainError } from '../../errors';
import { publishInvalidation } from '../../platform/invalidation/invalidation';
import { assertSeatsMayChange, lockedSellerLicense } from '../licenses/locked-seller-license';
import { runOnce } from '../management-request';
import { recordProcessorCall, requestProcessorCalls } from '../../payments/processor-calls';
import type { RetiredSeat } from '../management-writes.schema';
import { LICENSE_CODE_TOPIC, SEAT_TOPIC } from '../licensing-topics';
import { releaseDevicesWithin } from '../devices/release-devices';

/**
 * POST /licensing-mgmt/licenses/{licenseId}/seats/{seatId}/retire: the seat stops for good. Its
 * codes are revoked with it, and its next authorization is refused SeatRetired on every instance.
 * The last live seat cannot be retired (409 LastLiveSeat; a database trigger holds this also when
 * retirements race); retiring a retired seat again answers as the first time.
 */
export async function retireSeat(ctx: { db: Db; now?: Date }, input: { requestId: string; sellerId: string; licenseId: string; seatId: string }): Promise<RetiredSeat> {
  let told = false;
  const retired = await runOnce(ctx, { sellerId: input.sellerId, requestId: input.requestId, operation: 'retire-seat', inputs: [input.licenseId, input.seatId] }, async (tx) => {
    const license = await lockedSellerLicense(tx, input);
    const seat = await tx.seat.findFirst({ where: { id: input.seatId, licenseId: license.id } });
    if (!seat) throw new DomainError('NotFound', 'No seat with that id on this license.');
    if (seat.retiredAt) {
      const codes = await tx.licenseCode.findMany({ where: { seatId: seat.id }, select: { id: true }, orderBy: { createdAt: 'asc' } });
      return { seatId: seat.id, licenseId: license.id, retiredUtc: seat.retiredAt.toISOString(), revokedCodeIds: codes.map((code) => code.id) };
    }
    assertSeatsMayChange(license);
    const now = ctx.now ?? new Date();
    try {
      await tx.seat.update({ where: { id: seat.id }, data: { retiredAt: now } });
    } catch (error) {
      if (sqlStateOf(error) === 'SV001') throw new DomainError('LastLiveSeat', 'The last live seat of a license cannot be retired; cancel the license to end it.');
      throw error;
    }
    // On Stripe the subscription's quantity follows after the commit (Stripe credits the rest of the period by default).
    told = await recordProcessorCall(tx, license, 'set-seats');
    const live = await tx.licenseCode.findMany({ where: { seatId: seat.id, revokedAt: null }, select: { id: true, label: true } });
    await tx.licenseCode.updateMany({ where: { seatId: seat.id, revokedAt: null }, data: { revokedAt: now } });
    // Sent at commit (NOTIFY is transactional): every instance refuses the seat and its codes.
    await publishInvalidation({ db: tx }, SEAT_TOPIC, seat.id);
    for (const code of live) await publishInvalidation({ db: tx }, LICENSE_CODE_TOPIC, code.id);
    await recordEvent(tx, { sellerId: license.sellerId, type: 'seat.retired', licenseId: license.id, data: { LicenseId: license.id, SeatId: seat.id } });
    await releaseDevicesWithin(tx, { sellerId: license.sellerId, where: { seatId: seat.id }, by: 'SeatRetired', now });
    for (const code of live) {
      await recordEvent(tx, { sellerId: license.sellerId, type: 'license_code.revoked', licenseId: license.id, data: { LicenseId: license.id, SeatId: seat.id, CodeId: code.id, Label: code.label } });
    }
    const codes = await tx.licenseCode.findMany({ where: { seatId: seat.id }, select: { id: true }, orderBy: { createdAt: 'asc' } });
    return { seatId: seat.id, licenseId: license.id, retiredUtc: now.toISOString(), revokedCodeIds: codes.map((code) => code.id) };
  });
  if (told) await requestProcessorCalls();
  return retired;
}
