import { z } from 'zod';
import { toOfferingView } from '../../catalog/catalog-views';
import { describePrice } from '../../catalog/describe-offering';
import { sellerDisplayName } from '../../catalog/seller-profile';
import type { Db, Tx } from '../../db';
import { recordEvent } from '../../events/record-event';
import { requestEmailDelivery } from '../../mail/deliver-email';
import { recordTrialReminderEmail } from '../../mail/trial-reminder-mail';
import { publishInvalidation } from '../../platform/invalidation/invalidation';
import { defineScheduledSweep } from '../../platform/jobs/job-definition';
import { logger } from '../../platform/logging/logger';
import { LICENSE_STATUS_TOPIC } from '../licensing-topics';

// Free trials that convert (docs/payments.md "Trials that convert"). A subscription offering may start with days free: its
// license is minted at once, Trialing (it authorizes), and becomes Active at its first paid invoice
// (Stripe bills when the days end, with the card taken at checkout); a trial cancelled, or ended
// unpaid, follows its subscription's events like any other. The buyer is reminded once, 7 days
// before the end (Stripe: customer.subscription.trial_will_end). The local processor takes no money:
// its trials are reminded and converted here, by time.

/** How long before a trial's end the buyer is reminded (Stripe sends its own notice then too). */
const TRIAL_REMINDER_DAYS = 7;

/**
 * Inside the caller's transaction: the buyer's reminder that the trial ends soon, once per license.
 * Answers whether an e-mail waits for delivery after the commit.
 */
export async function remindTrialEnding(tx: Tx, licenseId: string, now: Date): Promise<boolean> {
  const claimed = await tx.license.updateMany({ where: { id: licenseId, status: 'Trialing', trialReminderAt: null }, data: { trialReminderAt: now } });
  if (claimed.count === 0) return false;
  const license = await tx.license.findUniqueOrThrow({
    where: { id: licenseId },
    include: { buyer: { select: { email: true } }, offering: true, seller: true, seats: { where: { retiredAt: null }, select: { id: true } } },
  });
  if (!license.buyer || !license.trialEnd) return false;
  const offering = { ...toOfferingView(license.offering, license.seller.issuerClientId), trialDays: undefined };
  const seats = license.seats.length;
  const priceLine = describePrice({ ...offering, baseRate: offering.baseRate === null ? null : offering.baseRate * seats }, {});
  const email = await recordTrialReminderEmail(tx, {
    to: license.buyer.email,
    offeringName: license.offering.name,
    sellerName: sellerDisplayName(license.seller),
    trialEnd: license.trialEnd,
    priceLine,
    licenseId,
  });
  return email.status === 'queued';
}

/**
 * The local processor's trials, by time: reminded 7 days before their end, and converted to Active
 * at it (the local processor bills nothing, so nothing can fail). Stripe's trials are moved by
 * Stripe's events instead.
 */
export async function advanceLocalTrials(ctx: { db: Db; now?: () => Date }): Promise<{ reminded: number; converted: number }> {
  const now = ctx.now?.() ?? new Date();
  const local = { status: 'Trialing' as const, processorSubscriptionId: null, checkout: { processor: 'local' as const } };
  const due = await ctx.db.license.findMany({
    where: { ...local, trialReminderAt: null, trialEnd: { lte: new Date(now.getTime() + TRIAL_REMINDER_DAYS * 86_400_000) } },
    select: { id: true },
    take: 500,
  });
  let queued = false;
  for (const { id } of due) queued = (await ctx.db.$transaction((tx) => remindTrialEnding(tx, id, now))) || queued;
  const ended = await ctx.db.license.findMany({ where: { ...local, trialEnd: { lte: now } }, select: { id: true, sellerId: true }, take: 500 });
  let converted = 0;
  for (const license of ended) {
    const moved = await ctx.db.$transaction(async (tx) => {
      const done = await tx.license.updateMany({ where: { id: license.id, status: 'Trialing' }, data: { status: 'Active', processorStateAt: now } });
      if (done.count > 0) await recordEvent(tx, { sellerId: license.sellerId, type: 'license.status_changed', licenseId: license.id, data: { LicenseId: license.id, From: 'Trialing', To: 'Active', By: 'processor' } });
      return done.count > 0;
    });
    if (!moved) continue;
    converted++;
    await publishInvalidation(ctx, LICENSE_STATUS_TOPIC, license.id);
  }
  if (queued) await requestEmailDelivery();
  if (due.length + converted > 0) logger.info({ reminded: due.length, converted }, 'local trials: reminded and converted');
  return { reminded: due.length, converted };
}

const advanceLocalTrialsData = z.object({});

/** Every five minutes: the local processor's trials near or past their end. */
export const advanceLocalTrialsJob = defineScheduledSweep({ data: advanceLocalTrialsData, cron: '*/5 * * * *', expireInSeconds: 5 * 60, run: (ctx) => advanceLocalTrials(ctx) });
