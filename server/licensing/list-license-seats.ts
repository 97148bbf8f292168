import type { Db } from '../db';
import { DomainError } from '../errors';
import { licenseSeatsViewSchema, type LicenseSeatsView } from './license-view.schema';

/** Every seat of one of the seller's licenses, retired ones included (RetiredUtc set), oldest first. */
export async function listLicenseSeats(ctx: { db: Db }, input: { sellerId: string; licenseId: string }): Promise<LicenseSeatsView> {
  const license = await ctx.db.license.findFirst({
    where: { id: input.licenseId, sellerId: input.sellerId },
    select: { id: true, status: true, seats: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] } },
  });
  if (!license) throw new DomainError('NotFound', 'No license with that id for this seller.');
  return licenseSeatsViewSchema.parse({
    LicenseId: license.id,
    Seats: license.seats.map((seat) => ({
      SeatId: seat.id,
      LicenseId: license.id,
      LicenseStatus: license.status,
      CreatedUtc: seat.createdAt.toISOString(),
      RetiredUtc: seat.retiredAt?.toISOString() ?? null,
    })),
  });
}
