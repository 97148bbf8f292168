import { z } from 'zod';
import type { Db } from '../../db';
import { defineScheduledSweep } from '../../platform/jobs/job-definition';
import { releaseDevicesWithin } from './release-devices';

const sweepLapsedLeasesData = z.object({});
/** Lapsed devices released per run; the next minute's run takes the rest. */
const SWEEP_BATCH = 1000;

/**
 * Floating devices whose lease lapsed without a heartbeat are marked deactivated (By LeaseLapsed)
 * and told (device.deactivated). Their places were free already: every count and the authorization
 * read the lease's time. This only writes down what happened, by the `sweep-lapsed-leases` job every minute.
 */
export async function sweepLapsedLeases(ctx: { db: Db }, options: { now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const lapsed = await ctx.db.device.findMany({
    where: { deactivatedAt: null, leaseExpiresAt: { lte: now } },
    select: { id: true, license: { select: { sellerId: true } } },
    take: SWEEP_BATCH,
  });
  const bySeller = new Map<string, string[]>();
  for (const device of lapsed) bySeller.set(device.license.sellerId, [...(bySeller.get(device.license.sellerId) ?? []), device.id]);
  let released = 0;
  for (const [sellerId, ids] of bySeller) {
    // Lapsed as of `now` still, under the transaction: a heartbeat that renewed one meanwhile keeps it.
    released += (await ctx.db.$transaction((tx) => releaseDevicesWithin(tx, { sellerId, where: { id: { in: ids }, leaseExpiresAt: { lte: now } }, by: 'LeaseLapsed', now }))).length;
  }
  return released;
}

export const sweepLapsedLeasesJob = defineScheduledSweep({ data: sweepLapsedLeasesData, cron: '* * * * *', expireInSeconds: 5 * 60, run: (ctx) => sweepLapsedLeases(ctx) });
