import type { Db, Tx } from '../../db';
import { recordEvent } from '../../events/record-event';
import { revokeLicenseWithin } from '../../licensing/licenses/revoke-license';
import { LICENSE_STATUS_TOPIC } from '../../licensing/licensing-topics';
import type { ProcessorEvent } from '../../payments/port';
import { requestProcessorCalls } from '../../payments/processor-calls';
import { publishInvalidation } from '../../platform/invalidation/invalidation';
import { effect, fromSellersAccount, lockedOrderOfPayment, type EventEffect } from '../../payments/event-effect';

// Chargebacks (docs/payments.md "Disputes"). Opened: the order's license is suspended with the reason
// Disputed (AuthorizationDenied says so), unless it is already held or ended. Closed won: it runs
// again, unless the seller decided otherwise meanwhile (any change of the seller's clears the
// dispute's hold, and a license the dispute did not hold is left alone). Closed lost: the money
// went back to the buyer's bank, so the license is cancelled and its codes revoked.

const invalidate = (licenseId: string) => (ctx: { db: Db }) => publishInvalidation(ctx, LICENSE_STATUS_TOPIC, licenseId);

export async function applyDisputeOpened(tx: Tx, event: ProcessorEvent & { type: 'DisputeOpened' }): Promise<EventEffect> {
  const order = await lockedOrderOfPayment(tx, event.processor, event.paymentId);
  if (!order) return effect('ignored');
  if (!(await fromSellersAccount(tx, order.sellerId, event))) return effect('wrong-account');
  const license = order.license;
  const created = await tx.dispute.createMany({
    data: [
      {
        checkoutId: order.id,
        sellerId: order.sellerId,
        licenseId: license?.id ?? null,
        processorDisputeId: event.disputeId,
        amountMinor: BigInt(event.amountMinor),
        currency: event.currency,
        reason: event.reason?.slice(0, 100) ?? null,
        openedAt: event.occurredAt,
      },
    ],
    skipDuplicates: true,
  });
  if (created.count === 0) return effect('no-change');
  const dispute = await tx.dispute.findUniqueOrThrow({ where: { processorDisputeId: event.disputeId } });
  const afterCommit: EventEffect['afterCommit'] = [];
  if (license) {
    const held = await tx.license.updateMany({
      where: { id: license.id, status: { in: ['Trialing', 'Active', 'Paused'] } },
      data: { status: 'Suspended', statusReason: 'Disputed', processorStateAt: event.occurredAt },
    });
    if (held.count > 0) {
      await recordEvent(tx, { sellerId: order.sellerId, type: 'license.status_changed', licenseId: license.id, data: { LicenseId: license.id, From: license.status, To: 'Suspended', By: 'processor' } });
      afterCommit.push(invalidate(license.id));
    }
  }
  await recordEvent(tx, {
    sellerId: order.sellerId,
    type: 'dispute.opened',
    licenseId: license?.id ?? null,
    data: { OrderId: order.id, DisputeId: dispute.id, LicenseId: license?.id ?? null, AmountMinor: event.amountMinor, Currency: event.currency, Reason: event.reason },
  });
  return effect('dispute-opened', afterCommit);
}

export async function applyDisputeClosed(tx: Tx, event: ProcessorEvent & { type: 'DisputeClosed' }): Promise<EventEffect> {
  const order = await lockedOrderOfPayment(tx, event.processor, event.paymentId);
  if (!order) return effect('ignored');
  if (!(await fromSellersAccount(tx, order.sellerId, event))) return effect('wrong-account');
  const license = order.license;
  // A dispute whose opening was never heard of is recorded closed.
  await tx.dispute.createMany({
    data: [{ checkoutId: order.id, sellerId: order.sellerId, licenseId: license?.id ?? null, processorDisputeId: event.disputeId, amountMinor: 0n, currency: order.currency, openedAt: event.occurredAt }],
    skipDuplicates: true,
  });
  const closed = await tx.dispute.updateMany({ where: { processorDisputeId: event.disputeId, status: 'open' }, data: { status: event.outcome, closedAt: event.occurredAt } });
  if (closed.count === 0) return effect('no-change');
  const dispute = await tx.dispute.findUniqueOrThrow({ where: { processorDisputeId: event.disputeId } });
  const afterCommit: EventEffect['afterCommit'] = [];
  if (license && event.outcome === 'won') {
    // Only the dispute's own hold is lifted: a seller's decision made meanwhile stands.
    const restored = await tx.license.updateMany({ where: { id: license.id, status: 'Suspended', statusReason: 'Disputed' }, data: { status: 'Active', statusReason: null, processorStateAt: event.occurredAt } });
    if (restored.count > 0) {
      await recordEvent(tx, { sellerId: order.sellerId, type: 'license.status_changed', licenseId: license.id, data: { LicenseId: license.id, From: 'Suspended', To: 'Active', By: 'processor' } });
      afterCommit.push(invalidate(license.id));
    }
  }
  if (license && event.outcome === 'lost') {
    const revoked = await revokeLicenseWithin(tx, { licenseId: license.id, reason: 'Disputed', by: 'processor', now: event.occurredAt });
    if (revoked.processorCall) afterCommit.push(() => requestProcessorCalls());
  }
  await recordEvent(tx, { sellerId: order.sellerId, type: 'dispute.closed', licenseId: license?.id ?? null, data: { OrderId: order.id, DisputeId: dispute.id, LicenseId: license?.id ?? null, Outcome: event.outcome } });
  return effect('dispute-closed', afterCommit);
}

/** Disputes by status, for /metrics (an open one holds a license until the bank decides). */
export async function countDisputes(ctx: { db: Db }): Promise<Record<'open' | 'won' | 'lost', number>> {
  const groups = await ctx.db.dispute.groupBy({ by: ['status'], _count: { _all: true } });
  const counts = { open: 0, won: 0, lost: 0 };
  for (const group of groups) counts[group.status as 'open' | 'won' | 'lost'] = group._count._all;
  return counts;
}
