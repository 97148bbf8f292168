import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IntervalUnit, LicenseClassification } from '@/server/catalog/catalog-enums';
import { toOfferingView } from '@/server/catalog/catalog-views';
import { describePrice } from '@/server/catalog/describe-offering';
import { getOfferingDetail } from '@/server/catalog/get-offering-detail';
import { createOffering as createOfferingBySeller } from '@/server/catalog/manage/create-offering';
import { createEmbeddedCheckout } from '@/server/checkout/create-embedded-checkout';
import { getLocalCheckout } from '@/server/checkout/local-checkout/get-local-checkout';
import { changeLicenseStatus } from '@/server/licensing/licenses/change-license-status';
import { advanceLocalTrials } from '@/server/licensing/subscriptions/trials';
import { denialReason } from '@/server/runtime/runtime-caller';
import { licenseState } from '@/server/runtime/runtime-state';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { inProcessWithStripe } from '../support/in-process-core';
import { applyStripeEvent } from '../support/stripe-events';

// Subscriptions with a free trial that converts (docs/payments.md "Trials that convert"): the catalog's rule, the checkout
// opened with the trial at Stripe (the real SDK against the local stand-in), the license Trialing at
// once (it authorizes), converted by the first paid invoice, ended by its subscription's end or a
// failed payment, one trial per buyer, the reminder e-mail, and the local processor's trials by time.

const setup = inProcessWithStripe();
const ctx = () => ({ db: setup.database.db });
const unique = () => crypto.randomBytes(6).toString('hex');
let clock = Math.floor(Date.now() / 1000);
const nextCreated = () => (clock += 5);
const stripeEvent = (type: string, object: Record<string, unknown>, account: string, created = nextCreated()) =>
  ({ id: `evt_${unique()}`, object: 'event', type, account, created, livemode: false, data: { object } }) as never;

async function trialOffering(trialDays = 14) {
  const seller = await createSeller(setup.database.db, { checkoutReady: true });
  const stripeAccountId = `acct_${unique()}`;
  await setup.database.db.seller.update({ where: { id: seller.id }, data: { stripeAccountId } });
  const product = await createProduct(setup.database.db, seller.id, { name: 'Render Farm' });
  const offering = await createOffering(setup.database.db, product, { name: 'Team', classification: LicenseClassification.Subscription, priceMinor: 1500, interval: 1, intervalUnit: IntervalUnit.Month, seatBased: true });
  await setup.database.db.offering.update({ where: { id: offering.id }, data: { trialDays, listed: true } });
  return { seller, stripeAccountId, product, offering: { ...offering, trialDays } };
}

async function openCheckout(trial: Awaited<ReturnType<typeof trialOffering>>, email: string, quantity = 3) {
  const session = await createEmbeddedCheckout(ctx(), {
    offeringId: trial.offering.id,
    correlationId: `tenant-${unique()}`,
    customerEmail: email,
    quantity,
    requestId: crypto.randomUUID(),
    sellerId: trial.seller.id,
    keyIssuerClientId: trial.seller.issuerClientId,
  });
  return setup.database.db.checkout.findUniqueOrThrow({ where: { id: session.sessionId } });
}

/** Stripe's Checkout completes a trial: nothing is paid now (no_payment_required), the subscription is trialing. */
async function completeTrial(trial: Awaited<ReturnType<typeof trialOffering>>, checkout: { id: string; processorSessionId: string | null }) {
  const subscriptionId = `sub_${unique()}`;
  const outcome = await applyStripeEvent(
    ctx(),
    stripeEvent(
      'checkout.session.completed',
      { id: checkout.processorSessionId, object: 'checkout.session', mode: 'subscription', payment_status: 'no_payment_required', metadata: { checkoutId: checkout.id }, customer: `cus_${unique()}`, subscription: subscriptionId, payment_intent: null },
      trial.stripeAccountId,
    ),
  );
  expect(outcome).toBe('settled');
  const license = await setup.database.db.license.findUniqueOrThrow({ where: { checkoutId: checkout.id } });
  return { subscriptionId, license };
}

const licenseOf = (id: string) => setup.database.db.license.findUniqueOrThrow({ where: { id } });
async function authorizes(licenseId: string): Promise<string | null> {
  const state = await licenseState(ctx(), licenseId);
  return denialReason({ seat: { licenseId, retired: false }, license: state! }, new Date());
}
const subscriptionEvent = (trial: { stripeAccountId: string }, subscriptionId: string, status: string, type = 'customer.subscription.updated') =>
  stripeEvent(type, { id: subscriptionId, object: 'subscription', status, pause_collection: null, metadata: {} }, trial.stripeAccountId);
const invoicePaid = (trial: { stripeAccountId: string }, subscriptionId: string, amount: number) =>
  stripeEvent(
    'invoice.paid',
    {
      id: `in_${unique()}`,
      object: 'invoice',
      amount_paid: amount,
      currency: 'usd',
      billing_reason: amount === 0 ? 'subscription_create' : 'subscription_cycle',
      parent: { subscription_details: { subscription: subscriptionId } },
      lines: { data: [{ period: { end: Math.floor(Date.now() / 1000) + 44 * 86400 } }] },
      period_end: Math.floor(Date.now() / 1000),
    },
    trial.stripeAccountId,
  );

describe('the catalog rule', () => {
  it('a paid subscription may have 1 to 730 days free; any other offering, 0, 731 or a free subscription is ValidationError naming TrialDays', async () => {
    const seller = await createSeller(setup.database.db);
    const product = await createProduct(setup.database.db, seller.id);
    const base = { sellerId: seller.id, productId: product.id, classification: LicenseClassification.Subscription, baseRate: 15, interval: 1, intervalUnit: IntervalUnit.Month };
    const created = await createOfferingBySeller(ctx(), { ...base, name: `Monthly ${unique()}`, trialDays: 14 });
    expect(created.trialDays).toBe(14);
    for (const [name, input] of [
      ['perpetual', { ...base, classification: LicenseClassification.Perpetual, interval: null, intervalUnit: null, trialDays: 7 }],
      ['zero', { ...base, trialDays: 0 }],
      ['too long', { ...base, trialDays: 731 }],
      ['free subscription', { ...base, baseRate: null, trialDays: 7 }],
    ] as const) {
      await expect(createOfferingBySeller(ctx(), { ...input, name: `${name} ${unique()}` }), name).rejects.toMatchObject({ issues: [expect.objectContaining({ path: ['trialDays'] })] });
    }
  });

  it('the catalog view carries TrialDays only when there is a trial, and the price reads "14 days free, then $15.00 / month"', async () => {
    const trial = await trialOffering();
    const detail = await getOfferingDetail(ctx(), trial.seller.issuerClientId, trial.offering.id);
    expect(detail.offering.trialDays).toBe(14);
    expect(describePrice(detail.offering)).toBe('14 days free, then $15.00 / month');
    // An offering without a trial renders the spec's fields only.
    const plain = await createOffering(setup.database.db, trial.product, { name: `Plain ${unique()}`, classification: LicenseClassification.Subscription, priceMinor: 1500, interval: 1, intervalUnit: IntervalUnit.Month });
    expect(Object.keys(toOfferingView(plain, trial.seller.issuerClientId))).not.toContain('trialDays');
    expect(describePrice(toOfferingView(plain, trial.seller.issuerClientId))).toBe('$15.00 / month');
  });
});

describe('a trial through Stripe', () => {
  it('opens Stripe’s checkout with the trial and the card taken up front, and charges nothing at checkout', async () => {
    const trial = await trialOffering();
    const checkout = await openCheckout(trial, `buyer-${unique()}@example.test`);
    expect(checkout).toMatchObject({ trialDays: 14, amountMinor: 0n, quantity: 3 });
    const [request] = setup.stripe.requests.filter((entry) => entry.path === '/v1/checkout/sessions');
    expect(request!.body).toMatchObject({ mode: 'subscription', 'subscription_data[trial_period_days]': '14', payment_method_collection: 'always', 'line_items[0][quantity]': '3', 'line_items[0][price_data][unit_amount]': '1500' });
  });

  it('trial → paid: the license is Trialing at once and authorizes; the first paid invoice makes it Active', async () => {
    const trial = await trialOffering();
    const { subscriptionId, license } = await completeTrial(trial, await openCheckout(trial, `buyer-${unique()}@example.test`));
    expect(license).toMatchObject({ status: 'Trialing', unitPriceMinor: 1500 });
    expect(license.trialEnd!.getTime() - license.termStart.getTime()).toBe(14 * 86_400_000);
    expect(await authorizes(license.id)).toBeNull();
    // Stripe's own trialing update and the trial's 0.00 first invoice change nothing.
    await applyStripeEvent(ctx(), subscriptionEvent(trial, subscriptionId, 'trialing'));
    await applyStripeEvent(ctx(), invoicePaid(trial, subscriptionId, 0));
    expect((await licenseOf(license.id)).status).toBe('Trialing');
    await applyStripeEvent(ctx(), invoicePaid(trial, subscriptionId, 4500));
    expect(await licenseOf(license.id)).toMatchObject({ status: 'Active' });
    const changes = await setup.database.db.event.findMany({ where: { licenseId: license.id, type: 'license.status_changed' } });
    expect(changes.map((event) => event.data)).toEqual([expect.objectContaining({ From: 'Trialing', To: 'Active', By: 'processor' })]);
  });

  it('trial → unpaid end: the failed first payment suspends it; trial cancelled: the subscription’s end cancels it', async () => {
    const trial = await trialOffering();
    const unpaid = await completeTrial(trial, await openCheckout(trial, `buyer-${unique()}@example.test`));
    await applyStripeEvent(ctx(), subscriptionEvent(trial, unpaid.subscriptionId, 'past_due'));
    expect((await licenseOf(unpaid.license.id)).status).toBe('Suspended');
    expect(await authorizes(unpaid.license.id)).toBe('LicenseSuspended');

    const cancelled = await completeTrial(trial, await openCheckout(trial, `buyer-${unique()}@example.test`));
    await applyStripeEvent(ctx(), subscriptionEvent(trial, cancelled.subscriptionId, 'canceled', 'customer.subscription.deleted'));
    expect((await licenseOf(cancelled.license.id)).status).toBe('Cancelled');
  });

  it('the seller may suspend or cancel a trial', async () => {
    const trial = await trialOffering();
    const { license } = await completeTrial(trial, await openCheckout(trial, `buyer-${unique()}@example.test`));
    const suspended = await changeLicenseStatus(ctx(), { requestId: crypto.randomUUID(), sellerId: trial.seller.id, licenseId: license.id, change: 'suspend' });
    expect(suspended.status).toBe('Suspended');
  });

  it('one trial per buyer: a buyer who had this offering pays from the first day the next time', async () => {
    const trial = await trialOffering();
    const email = `buyer-${unique()}@example.test`;
    const first = await completeTrial(trial, await openCheckout(trial, email));
    await changeLicenseStatus(ctx(), { requestId: crypto.randomUUID(), sellerId: trial.seller.id, licenseId: first.license.id, change: 'cancel' });
    const again = await openCheckout(trial, email.toUpperCase(), 1);
    expect(again).toMatchObject({ trialDays: null, amountMinor: 1500n });
    const request = setup.stripe.requests.filter((entry) => entry.path === '/v1/checkout/sessions').at(-1)!;
    expect(Object.keys(request.body).filter((key) => key.includes('trial'))).toEqual([]);
  });

  it('customer.subscription.trial_will_end e-mails the buyer once, with the date and what is billed then', async () => {
    const trial = await trialOffering();
    const email = `buyer-${unique()}@example.test`;
    const { subscriptionId, license } = await completeTrial(trial, await openCheckout(trial, email));
    const trialEnd = Math.floor(license.trialEnd!.getTime() / 1000);
    const willEnd = () => stripeEvent('customer.subscription.trial_will_end', { id: subscriptionId, object: 'subscription', status: 'trialing', trial_end: trialEnd, metadata: {} }, trial.stripeAccountId);
    await applyStripeEvent(ctx(), willEnd());
    await applyStripeEvent(ctx(), willEnd());
    const reminders = await setup.database.db.email.findMany({ where: { to: email, kind: 'trial-ending' } });
    expect(reminders).toEqual([expect.objectContaining({ subject: expect.stringContaining('trial ends on') })]);
    expect(reminders[0]!.text).toContain('$45.00 / month');
  });
});

describe('a trial on the local processor', () => {
  it('its hosted page says what is due today, and the trial is reminded 7 days before its end and converted at it', async () => {
    const trial = await trialOffering(10);
    await setup.database.db.checkout.deleteMany({ where: { offeringId: trial.offering.id } });
    // The local processor's checkout of the trial (as opened when Stripe is not configured).
    const checkout = await setup.database.db.checkout.create({
      data: { requestId: crypto.randomUUID(), origin: 'embedded', sellerId: trial.seller.id, offeringId: trial.offering.id, processor: 'local', quantity: 1, trialDays: 10, amountMinor: 0n, customerEmail: `local-${unique()}@example.test` },
    });
    const view = await getLocalCheckout(ctx(), { checkoutId: checkout.id });
    expect(view.trialDays).toBe(10);
    expect(describePrice(view.total)).toBe('10 days free, then $15.00 / month');
    const account = await setup.database.db.account.create({ data: { email: checkout.customerEmail! } });
    const now = new Date();
    const license = await setup.database.db.license.create({
      data: { sellerId: trial.seller.id, offeringId: trial.offering.id, buyerAccountId: account.id, checkoutId: checkout.id, classification: LicenseClassification.Subscription, status: 'Trialing', trialEnd: new Date(now.getTime() + 10 * 86_400_000), seats: { create: {} } },
    });
    expect(await advanceLocalTrials({ db: setup.database.db, now: () => now })).toEqual({ reminded: 0, converted: 0 });
    const fourDaysOn = new Date(now.getTime() + 4 * 86_400_000);
    expect(await advanceLocalTrials({ db: setup.database.db, now: () => fourDaysOn })).toEqual({ reminded: 1, converted: 0 });
    expect(await advanceLocalTrials({ db: setup.database.db, now: () => fourDaysOn })).toEqual({ reminded: 0, converted: 0 });
    const tenDaysOn = new Date(now.getTime() + 10 * 86_400_000 + 1000);
    expect(await advanceLocalTrials({ db: setup.database.db, now: () => tenDaysOn })).toEqual({ reminded: 0, converted: 1 });
    expect(await licenseOf(license.id)).toMatchObject({ status: 'Active' });
    expect(await setup.database.db.email.count({ where: { to: checkout.customerEmail!, kind: 'trial-ending' } })).toBe(1);
  });
});
