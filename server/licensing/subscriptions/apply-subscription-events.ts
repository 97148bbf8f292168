import type { LicenseStatus } from '@/generated/prisma/client';
import type { Tx } from '../../db';
import { recordEvent } from '../../events/record-event';
import type { ProcessorEvent } from '../../payments/port';
import { publishInvalidation } from '../../platform/invalidation/invalidation';
import { logger } from '../../platform/logging/logger';
import { effect, fromSellersAccount, ProcessorEventTooEarlyError, type EventEffect } from '../../payments/event-effect';
import { FINAL_LICENSE_STATUSES, isFinalLicenseStatus } from '../licenses/license-status';
import { LICENSE_STATUS_TOPIC } from '../licensing-topics';
import { requestEmailDelivery } from '../../mail/deliver-email';
import { remindTrialEnding } from './trials';

// What the processor owns of a subscription's license (docs/api/management.md "Seller decisions and the
// processor"): a failed payment suspends it, a pause from the buyer's billing portal pauses it, the
// end of the subscription cancels it, a paid invoice extends its paid term. Newest event wins; an
// event created before the seller's latest decision never applies; Cancelled and Expired are final;
// a seller's suspension and a dispute's hold stand until the seller, or the dispute's end, lifts them.

type SubscriptionEvent = ProcessorEvent & { type: 'SubscriptionChanged' | 'SubscriptionEnded' | 'PaymentFailed' };

/** The license status an event asks for; null leaves the license as it is (`incomplete`: nothing was minted on it yet). */
function statusAskedBy(event: SubscriptionEvent): LicenseStatus | null {
  if (event.type === 'SubscriptionEnded') return 'Cancelled';
  if (event.type === 'PaymentFailed') return 'Suspended';
  switch (event.state) {
    case 'active':
      return 'Active';
    case 'trialing':
      return 'Trialing';
    case 'paused':
      return 'Paused';
    case 'past_due':
      return 'Suspended';
    case 'incomplete':
      return null;
  }
}

const notOlderThan = (occurredAt: Date) => ({ OR: [{ processorStateAt: null }, { processorStateAt: { lte: occurredAt } }] });

export async function applySubscriptionEvent(tx: Tx, event: SubscriptionEvent): Promise<EventEffect> {
  const status = statusAskedBy(event);
  const subscriptionId = event.subscriptionId!;
  if (!status) return effect('ignored');
  const license = await tx.license.findUnique({ where: { processorSubscriptionId: subscriptionId }, select: { id: true, sellerId: true, status: true } });
  if (license) {
    if (!(await fromSellersAccount(tx, license.sellerId, event))) return effect('wrong-account');
    // Guarded updates (re-checked under the row lock): never out of a final state, never with an
    // event older than the one that set the current state (a seller's change counts as one), and
    // never out of a seller's suspension or a dispute's hold but to end the license.
    const holdsStand = status === 'Cancelled' ? {} : { suspendedBySeller: false, statusReason: null };
    const moved = await tx.license.updateMany({
      where: { id: license.id, status: { notIn: [...FINAL_LICENSE_STATUSES, status] }, ...notOlderThan(event.occurredAt), ...holdsStand },
      data: { status, processorStateAt: event.occurredAt, statusReason: null },
    });
    if (moved.count > 0) {
      await recordEvent(tx, { sellerId: license.sellerId, type: 'license.status_changed', licenseId: license.id, data: { LicenseId: license.id, From: license.status, To: status, By: 'processor' } });
      // Every copy drops the license's cached status, so its seats see the change at their next refresh.
      return effect('license-updated', [(ctx) => publishInvalidation(ctx, LICENSE_STATUS_TOPIC, license.id)]);
    }
    // The same status again: only its time moves forward, so an event older than this one cannot apply.
    await tx.license.updateMany({ where: { id: license.id, status, ...notOlderThan(event.occurredAt) }, data: { processorStateAt: event.occurredAt } });
    return effect('no-change');
  }

  // No license yet. If its checkout is still waiting for its payment, this event overtook it: ask
  // for redelivery, unless it only says what minting will do anyway (Active).
  const checkoutId = 'checkoutId' in event ? event.checkoutId : null;
  if (checkoutId && status !== 'Active') {
    const checkout = await tx.checkout.findUnique({ where: { id: checkoutId }, select: { status: true, processor: true, sellerId: true } });
    if (checkout?.processor === event.processor && checkout.status === 'pending') {
      if (!(await fromSellersAccount(tx, checkout.sellerId, event))) return effect('wrong-account');
      throw new ProcessorEventTooEarlyError(`Subscription ${subscriptionId} changed before its checkout ${checkoutId} settled.`);
    }
  }
  return effect('ignored');
}

/**
 * A paid invoice: the license is paid through the end of the period the invoice paid for
 * (License.paidThrough, shown to people; a subscription has no term end, its processor ends it).
 * Only ever forward, so a replayed or late invoice (an older period) changes nothing. The first
 * invoice's payment becomes the order's, so its refunds and disputes find the order.
 */
export async function applyInvoicePaid(tx: Tx, event: ProcessorEvent & { type: 'InvoicePaid' }): Promise<EventEffect> {
  const license = await tx.license.findUnique({ where: { processorSubscriptionId: event.subscriptionId }, select: { id: true, sellerId: true, checkoutId: true, status: true } });
  // The first invoice may be paid before its checkout settles: the next invoice moves the date.
  if (!license) return effect('ignored');
  if (!(await fromSellersAccount(tx, license.sellerId, event))) return effect('wrong-account');
  if (event.first && event.paymentId && license.checkoutId) {
    await tx.checkout.updateMany({ where: { id: license.checkoutId, processorPaymentId: null }, data: { processorPaymentId: event.paymentId } });
  }
  if (isFinalLicenseStatus(license.status)) return effect('no-change');
  const afterCommit: EventEffect['afterCommit'] = [];
  // The first paid invoice after a free trial converts it (a trial's own first invoice is of 0).
  if (event.amountMinor > 0) {
    const converted = await tx.license.updateMany({ where: { id: license.id, status: 'Trialing' }, data: { status: 'Active', processorStateAt: event.occurredAt } });
    if (converted.count > 0) {
      await recordEvent(tx, { sellerId: license.sellerId, type: 'license.status_changed', licenseId: license.id, data: { LicenseId: license.id, From: 'Trialing', To: 'Active', By: 'processor' } });
      afterCommit.push((ctx) => publishInvalidation(ctx, LICENSE_STATUS_TOPIC, license.id));
    }
  }
  const extended = await tx.license.updateMany({
    where: { id: license.id, OR: [{ paidThrough: null }, { paidThrough: { lt: event.periodEnd } }] },
    data: { paidThrough: event.periodEnd },
  });
  if (extended.count === 0) return effect(afterCommit.length > 0 ? 'license-updated' : 'no-change', afterCommit);
  await recordEvent(tx, { sellerId: license.sellerId, type: 'license.renewed', licenseId: license.id, data: { LicenseId: license.id, PaidThroughUtc: event.periodEnd.toISOString(), AmountMinor: event.amountMinor, Currency: event.currency } });
  return effect('renewed', afterCommit);
}

/** A trial ends soon: the buyer is reminded, once (the trial's end as the processor says it). */
export async function applyTrialWillEnd(tx: Tx, event: ProcessorEvent & { type: 'TrialWillEnd' }): Promise<EventEffect> {
  const license = await tx.license.findUnique({ where: { processorSubscriptionId: event.subscriptionId }, select: { id: true, sellerId: true } });
  if (!license) return effect('ignored');
  if (!(await fromSellersAccount(tx, license.sellerId, event))) return effect('wrong-account');
  await tx.license.updateMany({ where: { id: license.id, status: 'Trialing' }, data: { trialEnd: event.trialEnd } });
  const queued = await remindTrialEnding(tx, license.id, event.occurredAt);
  logger.info({ licenseId: license.id, trialEnd: event.trialEnd }, 'processor: a trial ends soon');
  return effect('no-change', queued ? [() => requestEmailDelivery()] : []);
}
