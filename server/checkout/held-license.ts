import type { Offering } from '@/generated/prisma/client';
import { LicenseClassification } from '../catalog/catalog-enums';
import type { Db, Tx } from '../db';
import { DomainError } from '../errors';
import { LIVE_LICENSE_STATUSES } from '../licensing/licenses/license-status';

// A buyer does not pay twice, or take a trial twice, for what they already hold (unless the seller
// allows repeats on the offering). Trials: one per buyer and offering, ever, whatever became of
// the first. Everything else: not while a license of the offering is still live.

type RepeatRule = Pick<Offering, 'id' | 'classification' | 'allowRepeatPurchase'>;

function heldWhere(buyerAccountId: string, offering: RepeatRule) {
  return {
    buyerAccountId,
    offeringId: offering.id,
    ...(offering.classification === LicenseClassification.Trial ? {} : { status: { in: [...LIVE_LICENSE_STATUSES] } }),
  };
}

/** The license that makes buying `offering` again a repeat for this buyer, or null. */
async function findHeldLicense(ctx: { db: Tx }, buyerAccountId: string, offering: RepeatRule): Promise<{ id: string } | null> {
  if (offering.allowRepeatPurchase) return null;
  return ctx.db.license.findFirst({ where: heldWhere(buyerAccountId, offering), select: { id: true }, orderBy: { createdAt: 'desc' } });
}

/**
 * 409 AlreadyLicensed when the buyer already holds the offering (or had its trial). Inside a
 * transaction that mints, `serialize` first takes a lock per (buyer, offering), so two clicks at
 * once mint one license.
 */
export async function assertNotAlreadyLicensed(ctx: { db: Tx }, buyerAccountId: string, offering: RepeatRule, options: { serialize?: boolean } = {}): Promise<void> {
  if (offering.allowRepeatPurchase) return;
  if (options.serialize) await ctx.db.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`held-license:${buyerAccountId}:${offering.id}`}, 0))`;
  const held = await findHeldLicense(ctx, buyerAccountId, offering);
  if (!held) return;
  const what = offering.classification === LicenseClassification.Trial ? 'You already had this trial' : 'You already have this';
  throw new DomainError('AlreadyLicensed', `${what}: license ${held.id}.`);
}

/** For the storefront: which of these offerings the buyer already holds (offering id to license id). */
export async function findHeldLicenses(ctx: { db: Db }, buyerAccountId: string, offerings: RepeatRule[]): Promise<Map<string, string>> {
  const held = new Map<string, string>();
  const checked = offerings.filter((offering) => !offering.allowRepeatPurchase);
  if (checked.length === 0) return held;
  const licenses = await ctx.db.license.findMany({
    where: { OR: checked.map((offering) => heldWhere(buyerAccountId, offering)) },
    select: { id: true, offeringId: true },
    orderBy: { createdAt: 'asc' },
  });
  for (const license of licenses) held.set(license.offeringId, license.id);
  return held;
}
