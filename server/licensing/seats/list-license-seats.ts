import type { Db } from '../../db';
import { DomainError } from '../../errors';
import { currentPeriods, featureAllowances } from '../../consumption/allowance';
import type { LicenseSeatsView } from '../licenses/license-view.schema';

/**
 * Every seat of one of the seller's licenses, retired ones included (RetiredUtc set), oldest first,
 * each with what it has left per feature this period (one query for all seats).
 */
export async function listLicenseSeats(ctx: { db: Db }, input: { sellerId: string; licenseId: string; now?: Date }): Promise<LicenseSeatsView> {
  const now = input.now ?? new Date();
  const license = await ctx.db.license.findFirst({
    where: { id: input.licenseId, sellerId: input.sellerId },
    select: {
      id: true,
      status: true,
      termStart: true,
      seats: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
      features: { orderBy: { key: 'asc' }, select: { key: true, allowance: true, allowancePeriodUnit: true } },
    },
  });
  if (!license) throw new DomainError('NotFound', 'No license with that id for this seller.');
  const periods = currentPeriods(license.features, license.termStart, now);
  const windows =
    periods.size === 0
      ? []
      : await ctx.db.allowanceWindow.findMany({
          where: { seatId: { in: license.seats.map((seat) => seat.id) }, OR: [...periods].map(([featureKey, period]) => ({ featureKey, periodStart: period.start })) },
          select: { seatId: true, featureKey: true, used: true },
        });
  const used = new Map(windows.map((window) => [`${window.seatId}:${window.featureKey}`, Number(window.used)]));
  return {
    licenseId: license.id,
    seats: license.seats.map((seat) => ({
      seatId: seat.id,
      licenseId: license.id,
      licenseStatus: license.status,
      createdUtc: seat.createdAt.toISOString(),
      retiredUtc: seat.retiredAt?.toISOString() ?? null,
      allowance: featureAllowances(license.features, periods, (key) => used.get(`${seat.id}:${key}`) ?? 0).map((allowance) => ({
        featureKey: allowance.featureKey,
        remaining: allowance.remaining,
        periodEndUtc: allowance.periodEnd?.toISOString() ?? null,
      })),
    })),
  };
}
