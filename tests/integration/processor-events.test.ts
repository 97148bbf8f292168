import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { changeLicenseStatus } from '@/server/licensing/licenses/change-license-status';
import { applyProcessorEvent } from '@/server/orders/processor-events/apply-processor-event';
import { refundOrder } from '@/server/orders/refunds/refund-order';
import { localProcessorEvent } from '@/server/payments/local/local-adapter';
import type { ProcessorEventBody } from '@/server/payments/port';
import { performDueProcessorCalls } from '@/server/payments/processor-calls';
import { translateStripeEvent } from '@/server/payments/stripe/stripe-events';
import { denialReason, DENIAL_MESSAGES } from '@/server/runtime/runtime-caller';
import { licenseState } from '@/server/runtime/runtime-state';
import Stripe from 'stripe';
import { handleRest } from '@/server/http/rest-app';
import { createPendingStripeCheckout } from '../support/factories';
import { inProcessWithStripe, TEST_STRIPE_WEBHOOK_SECRET } from '../support/in-process-core';
import { applyStripeEvent } from '../support/stripe-events';

// What the processor reports after a sale reaches the order and its license, through both adapters:
// Stripe's notifications translated by payments/stripe/ (the real SDK's shapes, applied as the
// webhook applies them after the signature check), and the same ProcessorEvents from the local
// processor. Refunds made by the seller reach Stripe after the commit, through the real SDK against
// the local stand-in, once.

const setup = inProcessWithStripe();
const ctx = () => ({ db: setup.database.db });
const unique = () => crypto.randomBytes(6).toString('hex');

let clock = Math.floor(Date.now() / 1000);
/** Stripe's `created` of the next event: strictly later than the last one. */
const nextCreated = () => (clock += 5);

function stripeEvent(type: string, object: Record<string, unknown>, account: string | null, created = nextCreated()) {
  return { id: `evt_${unique()}`, object: 'event', type, account: account ?? undefined, created, livemode: false, data: { object } } as never;
}

/** A sale through Stripe Checkout, settled by checkout.session.completed, paid with a PaymentIntent Stripe knows. */
async function stripeOrder(options: { subscription?: boolean } = {}) {
  const stripeAccountId = `acct_${unique()}`;
  const { seller, checkout, buyer } = await createPendingStripeCheckout(setup.database.db, { subscription: options.subscription, stripeAccountId });
  const amount = options.subscription ? 900 : 4900;
  await setup.database.db.checkout.update({ where: { id: checkout.id }, data: { amountMinor: BigInt(amount) } });
  const paymentIntent = setup.stripe.payment(amount);
  const subscriptionId = options.subscription ? `sub_${unique()}` : null;
  const outcome = await applyStripeEvent(
    ctx(),
    stripeEvent(
      'checkout.session.completed',
      {
        id: checkout.processorSessionId,
        object: 'checkout.session',
        mode: options.subscription ? 'subscription' : 'payment',
        payment_status: 'paid',
        client_reference_id: checkout.id,
        metadata: { checkoutId: checkout.id },
        customer: `cus_${unique()}`,
        customer_details: { email: buyer.email },
        subscription: subscriptionId,
        payment_intent: options.subscription ? null : paymentIntent,
      },
      stripeAccountId,
    ),
  );
  expect(outcome).toBe('settled');
  const license = await setup.database.db.license.findUniqueOrThrow({ where: { checkoutId: checkout.id } });
  if (subscriptionId) {
    // The first invoice's payment becomes the order's.
    const paid = await applyStripeEvent(ctx(), invoicePaid({ subscriptionId, paymentIntent, periodEnd: new Date(Date.now() + 30 * 86_400_000), first: true }, stripeAccountId));
    expect(paid).toBe('renewed');
  }
  return { sellerId: seller.id, stripeAccountId, orderId: checkout.id, licenseId: license.id, paymentIntent, subscriptionId, buyerEmail: buyer.email };
}

function invoicePaid(input: { subscriptionId: string; paymentIntent: string; periodEnd: Date; first?: boolean; amount?: number }, account: string, created?: number) {
  return stripeEvent(
    'invoice.paid',
    {
      id: `in_${unique()}`,
      object: 'invoice',
      amount_paid: input.amount ?? 900,
      currency: 'usd',
      billing_reason: input.first ? 'subscription_create' : 'subscription_cycle',
      parent: { type: 'subscription_details', subscription_details: { subscription: input.subscriptionId, metadata: {} } },
      lines: { object: 'list', data: [{ period: { start: Math.floor(input.periodEnd.getTime() / 1000) - 30 * 86400, end: Math.floor(input.periodEnd.getTime() / 1000) } }] },
      period_end: Math.floor(input.periodEnd.getTime() / 1000) - 30 * 86400,
      payments: { object: 'list', data: [{ payment: { type: 'payment_intent', payment_intent: input.paymentIntent } }] },
    },
    account,
    created,
  );
}

const chargeRefunded = (order: { paymentIntent: string; stripeAccountId: string }, refunded: number) =>
  stripeEvent('charge.refunded', { id: `ch_${unique()}`, object: 'charge', payment_intent: order.paymentIntent, amount_refunded: refunded, currency: 'usd' }, order.stripeAccountId);
const dispute = (order: { paymentIntent: string; stripeAccountId: string }, type: 'charge.dispute.created' | 'charge.dispute.closed', id: string, status = 'needs_response') =>
  stripeEvent(type, { id, object: 'dispute', payment_intent: order.paymentIntent, charge: `ch_${unique()}`, amount: 4900, currency: 'usd', reason: 'fraudulent', status }, order.stripeAccountId);

const licenseOf = (licenseId: string) => setup.database.db.license.findUniqueOrThrow({ where: { id: licenseId } });
const refundsOf = (orderId: string) => setup.database.db.refund.findMany({ where: { checkoutId: orderId }, orderBy: { createdAt: 'asc' } });
const refundRequests = (paymentIntent: string) => setup.stripe.requests.filter((request) => request.path === '/v1/refunds' && request.body.payment_intent === paymentIntent);
const perform = () => performDueProcessorCalls({ db: setup.database.db });
const eventTypes = async (licenseId: string) => (await setup.database.db.event.findMany({ where: { licenseId }, orderBy: { sequence: 'asc' } })).map((event) => event.type);

/** What a running seat is told at its next authorization (the license's cached state is read fresh). */
async function runtimeDenial(licenseId: string): Promise<string | null> {
  const state = await licenseState(ctx(), licenseId);
  const reason = denialReason({ seat: { licenseId, retired: false }, license: state! }, new Date());
  return reason ? DENIAL_MESSAGES[reason]! : null;
}

describe('the Stripe adapter translates every notification the domain uses into a ProcessorEvent', () => {
  it('each Stripe event type becomes its ProcessorEvent, with the event id, account and time; anything else is none', () => {
    const account = 'acct_translate';
    const translate = (type: string, object: Record<string, unknown>) => translateStripeEvent(stripeEvent(type, object, account, 1_800_000_000));
    const common = { id: expect.stringMatching(/^evt_/), processor: 'stripe', account, occurredAt: new Date(1_800_000_000_000) };
    expect(
      translate('checkout.session.completed', {
        id: 'cs_1',
        payment_status: 'paid',
        metadata: { checkoutId: 'co_1' },
        customer: 'cus_1',
        subscription: null,
        payment_intent: 'pi_1',
        customer_details: { email: 'b@x.test' },
        amount_total: 3920,
        total_details: { amount_discount: 980 },
      }),
    ).toEqual({
      ...common,
      type: 'PaymentSucceeded',
      checkoutId: 'co_1',
      processorSessionId: 'cs_1',
      customerId: 'cus_1',
      subscriptionId: null,
      paymentId: 'pi_1',
      customerEmail: 'b@x.test',
      charged: { totalMinor: 3920, discountMinor: 980, taxMinor: 0, taxRateBps: null },
      billing: null,
      source: { type: 'checkout.session.completed', livemode: false },
    });
    expect(translate('checkout.session.completed', { id: 'cs_2', payment_status: 'unpaid', metadata: {} })).toBeNull();
    expect(translate('checkout.session.expired', { id: 'cs_3', metadata: { checkoutId: 'co_3' } })).toMatchObject({ type: 'PaymentFailed', checkoutId: 'co_3', reason: 'Checkout expired.' });
    expect(translate('customer.subscription.updated', { id: 'sub_1', status: 'past_due', metadata: {} })).toMatchObject({ type: 'SubscriptionChanged', subscriptionId: 'sub_1', state: 'past_due' });
    expect(translate('customer.subscription.updated', { id: 'sub_1', status: 'active', pause_collection: { behavior: 'void' }, metadata: {} })).toMatchObject({ type: 'SubscriptionChanged', state: 'paused' });
    expect(translate('customer.subscription.deleted', { id: 'sub_1', status: 'canceled', metadata: {} })).toMatchObject({ type: 'SubscriptionEnded', subscriptionId: 'sub_1' });
    expect(translate('invoice.payment_failed', { id: 'in_1', parent: { subscription_details: { subscription: 'sub_1' } } })).toMatchObject({ type: 'PaymentFailed', subscriptionId: 'sub_1' });
    expect(translateStripeEvent(invoicePaid({ subscriptionId: 'sub_1', paymentIntent: 'pi_2', periodEnd: new Date('2027-01-01T00:00:00Z'), first: true }, account))).toMatchObject({
      type: 'InvoicePaid',
      subscriptionId: 'sub_1',
      paymentId: 'pi_2',
      periodEnd: new Date('2027-01-01T00:00:00Z'),
      first: true,
    });
    expect(translate('charge.refunded', { id: 'ch_1', payment_intent: 'pi_1', amount_refunded: 500, currency: 'usd' })).toMatchObject({ type: 'Refunded', paymentId: 'pi_1', refundedMinor: 500 });
    expect(translate('charge.dispute.created', { id: 'dp_1', payment_intent: 'pi_1', amount: 4900, currency: 'usd', reason: 'fraudulent', status: 'needs_response' })).toMatchObject({ type: 'DisputeOpened', disputeId: 'dp_1', reason: 'fraudulent' });
    expect(translate('charge.dispute.closed', { id: 'dp_1', payment_intent: 'pi_1', status: 'lost' })).toMatchObject({ type: 'DisputeClosed', outcome: 'lost' });
    expect(translate('charge.dispute.closed', { id: 'dp_1', payment_intent: 'pi_1', status: 'won' })).toMatchObject({ type: 'DisputeClosed', outcome: 'won' });
    expect(translate('customer.subscription.trial_will_end', { id: 'sub_1', status: 'trialing', trial_end: 1_800_600_000 })).toMatchObject({ type: 'TrialWillEnd', trialEnd: new Date(1_800_600_000_000) });
    expect(translate('account.updated', { id: 'acct_translate', charges_enabled: true })).toMatchObject({ type: 'AccountUpdated', accountId: 'acct_translate', chargesEnabled: true });
    expect(translate('payout.paid', { id: 'po_1' })).toBeNull();
  });
});

describe('refunds through Stripe', () => {
  it('a seller’s whole refund reaches Stripe after the commit, once, on the seller’s account with the call’s idempotency key; the license is cancelled with the reason Refunded', async () => {
    const order = await stripeOrder();
    const requestId = crypto.randomUUID();
    const view = await refundOrder(ctx(), { requestId, sellerId: order.sellerId, orderId: order.orderId });
    expect(view).toMatchObject({ amount: 49, status: 'pending', license: 'revoke', licenseStatus: 'Cancelled' });
    // Nothing was sent inside the transaction: the call waits for the job.
    expect(refundRequests(order.paymentIntent)).toEqual([]);
    expect(await perform()).toEqual({ done: 1, failed: 0 });
    const [request] = refundRequests(order.paymentIntent);
    const [call] = await setup.database.db.processorCall.findMany({ where: { licenseId: order.licenseId, action: 'refund' } });
    expect(request!.body).toMatchObject({ payment_intent: order.paymentIntent, amount: '4900', 'metadata[refundId]': view.refundId });
    expect(request!.headers['idempotency-key']).toBe(`processor-call-${call!.id}`);
    expect(request!.headers['stripe-account']).toBe(order.stripeAccountId);
    expect(await refundsOf(order.orderId)).toEqual([expect.objectContaining({ status: 'succeeded', processorRefundId: expect.stringMatching(/^re_/) })]);
    expect(await runtimeDenial(order.licenseId)).toMatch(/^Refunded: /);

    // Stripe's own report of it afterwards (charge.refunded, 49.00 refunded in all) adds nothing.
    expect(await applyStripeEvent(ctx(), chargeRefunded(order, 4900))).toBe('no-change');
    expect(await refundsOf(order.orderId)).toHaveLength(1);
    // The same request again refunds nothing more.
    await refundOrder(ctx(), { requestId, sellerId: order.sellerId, orderId: order.orderId });
    await perform();
    expect(setup.stripe.refundsOf(order.paymentIntent)).toHaveLength(1);
  });

  it('a subscription’s refund is made against its first invoice’s payment, and its cancellation reaches Stripe after the refund', async () => {
    const order = await stripeOrder({ subscription: true });
    await refundOrder(ctx(), { requestId: crypto.randomUUID(), sellerId: order.sellerId, orderId: order.orderId, amount: 9 });
    expect(await perform()).toEqual({ done: 2, failed: 0 });
    expect(setup.stripe.refundsOf(order.paymentIntent)).toEqual([expect.objectContaining({ amount: 900 })]);
    const writes = setup.stripe.requests.filter((request) => request.method !== 'GET').map((request) => `${request.method} ${request.path}`);
    expect(writes).toEqual(['POST /v1/refunds', `DELETE /v1/subscriptions/${order.subscriptionId}`]);
  });

  it('a refund asked while Stripe is down is made once it is back, once', async () => {
    const order = await stripeOrder();
    await refundOrder(ctx(), { requestId: crypto.randomUUID(), sellerId: order.sellerId, orderId: order.orderId, amount: 10 });
    setup.stripe.failNext(3);
    expect(await perform()).toEqual({ done: 0, failed: 1 });
    expect(await refundsOf(order.orderId)).toEqual([expect.objectContaining({ status: 'pending' })]);
    const later = new Date(Date.now() + 31_000);
    expect(await performDueProcessorCalls({ db: setup.database.db, now: () => later })).toEqual({ done: 1, failed: 0 });
    expect(setup.stripe.refundsOf(order.paymentIntent)).toEqual([expect.objectContaining({ amount: 1000 })]);
    expect(await refundsOf(order.orderId)).toEqual([expect.objectContaining({ status: 'succeeded' })]);
  });

  it('a refund made in Stripe’s dashboard (charge.refunded): a partial one keeps the license, the rest revokes it, a replay adds nothing', async () => {
    const order = await stripeOrder();
    expect(await applyStripeEvent(ctx(), chargeRefunded(order, 1000))).toBe('refunded');
    expect(await licenseOf(order.licenseId)).toMatchObject({ status: 'Active' });
    const replay = chargeRefunded(order, 1000);
    expect(await applyStripeEvent(ctx(), replay)).toBe('no-change');
    expect(await applyStripeEvent(ctx(), chargeRefunded(order, 4900))).toBe('refunded');
    expect(await licenseOf(order.licenseId)).toMatchObject({ status: 'Cancelled', statusReason: 'Refunded' });
    expect((await refundsOf(order.orderId)).map((refund) => [refund.amountMinor, refund.source, refund.status, refund.licenseAction])).toEqual([
      [1000n, 'processor', 'succeeded', 'keep'],
      [3900n, 'processor', 'succeeded', 'revoke'],
    ]);
    // Nothing is sent back to Stripe for a refund it made itself.
    expect(setup.stripe.refundsOf(order.paymentIntent)).toEqual([]);
    expect(await eventTypes(order.licenseId)).toEqual(expect.arrayContaining(['order.refunded', 'license.status_changed']));
  });
});

describe('disputes', () => {
  it('opened suspends the license with the reason Disputed; won restores it', async () => {
    const order = await stripeOrder();
    expect(await applyStripeEvent(ctx(), dispute(order, 'charge.dispute.created', 'dp_won'))).toBe('dispute-opened');
    expect(await licenseOf(order.licenseId)).toMatchObject({ status: 'Suspended', statusReason: 'Disputed' });
    expect(await runtimeDenial(order.licenseId)).toMatch(/^Disputed: /);
    // The same dispute reported again (another delivery, another event id) changes nothing.
    expect(await applyStripeEvent(ctx(), dispute(order, 'charge.dispute.created', 'dp_won'))).toBe('no-change');
    expect(await applyStripeEvent(ctx(), dispute(order, 'charge.dispute.closed', 'dp_won', 'won'))).toBe('dispute-closed');
    expect(await licenseOf(order.licenseId)).toMatchObject({ status: 'Active', statusReason: null });
    expect(await runtimeDenial(order.licenseId)).toBeNull();
    expect(await setup.database.db.dispute.findMany({ where: { checkoutId: order.orderId } })).toEqual([expect.objectContaining({ status: 'won', reason: 'fraudulent', amountMinor: 4900n })]);
    expect(await eventTypes(order.licenseId)).toEqual(expect.arrayContaining(['dispute.opened', 'dispute.closed']));
  });

  it('opened then lost cancels the license: its codes are refused with the reason DisputeLost; no refund is taken while it is open', async () => {
    const order = await stripeOrder();
    await applyStripeEvent(ctx(), dispute(order, 'charge.dispute.created', 'dp_lost'));
    await expect(refundOrder(ctx(), { requestId: crypto.randomUUID(), sellerId: order.sellerId, orderId: order.orderId })).rejects.toMatchObject({ code: 'ValidationError', message: expect.stringContaining('disputed') });
    expect(await refundsOf(order.orderId)).toEqual([]);
    expect(await applyStripeEvent(ctx(), dispute(order, 'charge.dispute.closed', 'dp_lost', 'lost'))).toBe('dispute-closed');
    expect(await licenseOf(order.licenseId)).toMatchObject({ status: 'Cancelled', statusReason: 'Disputed' });
    expect(await runtimeDenial(order.licenseId)).toMatch(/^DisputeLost: /);
  });

  it('the seller’s decision made during a dispute stands when the dispute is won', async () => {
    const order = await stripeOrder();
    await applyStripeEvent(ctx(), dispute(order, 'charge.dispute.created', 'dp_seller'));
    await changeLicenseStatus(ctx(), { requestId: crypto.randomUUID(), sellerId: order.sellerId, licenseId: order.licenseId, change: 'suspend' });
    await applyStripeEvent(ctx(), dispute(order, 'charge.dispute.closed', 'dp_seller', 'won'));
    expect(await licenseOf(order.licenseId)).toMatchObject({ status: 'Suspended', suspendedBySeller: true, statusReason: null });
  });

  it('a dispute opened after the seller cancelled leaves the license cancelled, and is recorded on the order', async () => {
    const order = await stripeOrder();
    await changeLicenseStatus(ctx(), { requestId: crypto.randomUUID(), sellerId: order.sellerId, licenseId: order.licenseId, change: 'cancel' });
    await applyStripeEvent(ctx(), dispute(order, 'charge.dispute.created', 'dp_after'));
    await applyStripeEvent(ctx(), dispute(order, 'charge.dispute.closed', 'dp_after', 'won'));
    expect(await licenseOf(order.licenseId)).toMatchObject({ status: 'Cancelled', statusReason: null });
    expect(await setup.database.db.dispute.count({ where: { checkoutId: order.orderId, status: 'won' } })).toBe(1);
  });

  it('over the signed webhook: charge.dispute.created is verified, translated and applied once however often Stripe delivers it', async () => {
    const order = await stripeOrder();
    const body = JSON.stringify(dispute(order, 'charge.dispute.created', `dp_${unique()}`));
    const deliver = (signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: TEST_STRIPE_WEBHOOK_SECRET })) =>
      handleRest(new Request('http://localhost/payments/stripe/webhook', { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body }));
    expect((await deliver('t=1,v1=forged')).status).toBe(400);
    expect(await setup.database.db.dispute.count({ where: { checkoutId: order.orderId } })).toBe(0);
    const answers = await Promise.all([deliver(), deliver(), deliver()]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await setup.database.db.dispute.count({ where: { checkoutId: order.orderId } })).toBe(1);
    expect(await licenseOf(order.licenseId)).toMatchObject({ status: 'Suspended', statusReason: 'Disputed' });
    expect((await setup.database.db.event.findMany({ where: { licenseId: order.licenseId, type: 'dispute.opened' } })).length).toBe(1);
  });

  it('a dispute from another Stripe account than the seller’s changes nothing', async () => {
    const order = await stripeOrder();
    expect(await applyStripeEvent(ctx(), dispute({ ...order, stripeAccountId: 'acct_someone_else' }, 'charge.dispute.created', 'dp_foreign'))).toBe('ignored');
    expect(await licenseOf(order.licenseId)).toMatchObject({ status: 'Active' });
    expect(await setup.database.db.dispute.count({ where: { checkoutId: order.orderId } })).toBe(0);
  });
});

describe('renewals: invoice.paid', () => {
  it('moves paidThrough to the invoice’s period end; replayed or older invoices never move it back, and the term is left to the processor', async () => {
    const order = await stripeOrder({ subscription: true });
    const first = (await licenseOf(order.licenseId)).paidThrough!;
    const next = new Date(first.getTime() + 30 * 86_400_000);
    const renewal = invoicePaid({ subscriptionId: order.subscriptionId!, paymentIntent: `pi_${unique()}`, periodEnd: next }, order.stripeAccountId);
    expect(await applyStripeEvent(ctx(), renewal)).toBe('renewed');
    expect(await licenseOf(order.licenseId)).toMatchObject({ paidThrough: next, termEnd: null, status: 'Active' });
    expect(await applyStripeEvent(ctx(), renewal)).toBe('no-change');
    // An older invoice delivered late (its period ended before the one paid now).
    expect(await applyStripeEvent(ctx(), invoicePaid({ subscriptionId: order.subscriptionId!, paymentIntent: `pi_${unique()}`, periodEnd: first }, order.stripeAccountId))).toBe('no-change');
    expect((await licenseOf(order.licenseId)).paidThrough).toEqual(next);
    const renewed = await setup.database.db.event.findMany({ where: { licenseId: order.licenseId, type: 'license.renewed' } });
    expect(renewed.map((event) => event.data)).toEqual([expect.objectContaining({ PaidThroughUtc: first.toISOString() }), expect.objectContaining({ PaidThroughUtc: next.toISOString() })]);
  });
});

describe('the local processor reports the same events', () => {
  /** A paid order of the local processor (its Pay records the payment local_pay_<order id>). */
  async function localOrder() {
    const order = await stripeOrder();
    await setup.database.db.checkout.update({ where: { id: order.orderId }, data: { processor: 'local', processorPaymentId: `local_pay_${order.orderId}` } });
    return { ...order, paymentId: `local_pay_${order.orderId}` };
  }
  const local = (body: ProcessorEventBody) => applyProcessorEvent(ctx(), localProcessorEvent(body));

  it('Refunded, DisputeOpened and DisputeClosed apply to a local order as Stripe’s do; a repeated event id applies once', async () => {
    const order = await localOrder();
    expect(await local({ type: 'Refunded', paymentId: order.paymentId, refundedMinor: 900, currency: 'usd' })).toBe('refunded');
    expect(await local({ type: 'DisputeOpened', disputeId: `local_dp_${unique()}`, paymentId: order.paymentId, amountMinor: 4000, currency: 'usd', reason: null })).toBe('dispute-opened');
    expect(await licenseOf(order.licenseId)).toMatchObject({ status: 'Suspended', statusReason: 'Disputed' });
    const closed = localProcessorEvent({ type: 'DisputeClosed', disputeId: (await setup.database.db.dispute.findFirstOrThrow({ where: { checkoutId: order.orderId } })).processorDisputeId, paymentId: order.paymentId, outcome: 'lost' });
    expect(await applyProcessorEvent(ctx(), closed)).toBe('dispute-closed');
    expect(await applyProcessorEvent(ctx(), closed)).toBe('no-change');
    expect(await licenseOf(order.licenseId)).toMatchObject({ status: 'Cancelled' });
    expect((await setup.database.db.checkout.findUniqueOrThrow({ where: { id: order.orderId } })).refundedMinor).toBe(900n);
  });

  it('a local refund by the seller is recorded by the local adapter, with no request to Stripe', async () => {
    const order = await localOrder();
    await refundOrder(ctx(), { requestId: crypto.randomUUID(), sellerId: order.sellerId, orderId: order.orderId, amount: 5 });
    expect(await perform()).toEqual({ done: 1, failed: 0 });
    expect(await refundsOf(order.orderId)).toEqual([expect.objectContaining({ status: 'succeeded', processorRefundId: expect.stringMatching(/^local_re_/) })]);
    expect(setup.stripe.requests.filter((request) => request.path === '/v1/refunds')).toEqual([]);
  });

  it('an event of a payment no order has is acknowledged and changes nothing', async () => {
    expect(await local({ type: 'Refunded', paymentId: 'local_pay_nobody', refundedMinor: 100, currency: 'usd' })).toBe('ignored');
    expect(await local({ type: 'InvoicePaid', subscriptionId: 'sub_nobody', invoiceId: 'in_x', paymentId: null, amountMinor: 1, currency: 'usd', periodEnd: new Date(), first: false })).toBe('ignored');
  });
});
