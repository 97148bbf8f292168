import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IntervalUnit, LicenseClassification } from '@/server/catalog/catalog-enums';
import { listBuyerLicenses } from '@/server/licensing/licenses/list-buyer-licenses';
import { openBillingPortal } from '@/server/licensing/subscriptions/open-billing-portal';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { createOrder } from '../support/order-factories';
import { inProcessWithStripe } from '../support/in-process-core';

// "Manage billing" of a subscription sold through Stripe: a customer portal session for the customer
// that paid, on the seller's connected account, through the real SDK against the local stand-in.

const BASE_URL = 'http://billing-portal.test';
const setup = inProcessWithStripe({ PUBLIC_BASE_URL: BASE_URL });
const ctx = () => ({ db: setup.database.db });

/** A subscription sold through Stripe Checkout as the webhook leaves it: completed checkout with customer and subscription, license minted. */
async function stripeSubscription(options: { stripeAccountId: string | null; customer?: string | null; classification?: number }) {
  const seller = await createSeller(setup.database.db, { checkoutReady: true });
  if (options.stripeAccountId) await setup.database.db.seller.update({ where: { id: seller.id }, data: { stripeAccountId: options.stripeAccountId } });
  const product = await createProduct(setup.database.db, seller.id);
  const subscription = (options.classification ?? LicenseClassification.Subscription) === LicenseClassification.Subscription;
  const offering = await createOffering(setup.database.db, product, {
    classification: options.classification ?? LicenseClassification.Subscription,
    priceMinor: 1500,
    ...(subscription ? { interval: 1, intervalUnit: IntervalUnit.Month } : {}),
  });
  const customer = options.customer === undefined ? `cus_${crypto.randomBytes(6).toString('hex')}` : options.customer;
  const { buyer, license } = await createOrder(setup.database.db, offering, {
    buyerEmail: `buyer-${crypto.randomBytes(4).toString('hex')}@example.test`,
    amountMinor: 1500,
    processor: 'stripe',
    processorSessionId: `cs_test_${crypto.randomBytes(6).toString('hex')}`,
    processorCustomerId: customer,
    processorSubscriptionId: subscription ? `sub_${crypto.randomBytes(6).toString('hex')}` : null,
    withLicense: true,
  });
  return { buyer: buyer!, customer, licenseId: license!.id };
}

const portalRequests = () => setup.stripe.requests.filter((request) => request.method === 'POST' && request.path === '/v1/billing_portal/sessions');

describe('Stripe customer portal for a subscriber', () => {
  it('is created for the customer that paid, on the seller’s connected account, returning to the license', async () => {
    const stripeAccountId = `acct_${crypto.randomBytes(6).toString('hex')}`;
    const { buyer, customer, licenseId } = await stripeSubscription({ stripeAccountId });
    const [listed] = await listBuyerLicenses(ctx(), { buyerAccountId: buyer.id });
    expect(listed!.billing).toBe('stripe-portal');

    const before = portalRequests().length;
    const { url } = await openBillingPortal(ctx(), { licenseId, buyerAccountId: buyer.id });
    expect(url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_/);
    const request = portalRequests().at(-1)!;
    expect(portalRequests()).toHaveLength(before + 1);
    expect(request.body).toEqual({ customer: customer!, return_url: `${BASE_URL}/licenses#license-${licenseId}` });
    expect(request.headers['stripe-account']).toBe(stripeAccountId);
  });

  it('without a connected account the platform’s own account is used (no Stripe-Account header)', async () => {
    const { buyer, customer, licenseId } = await stripeSubscription({ stripeAccountId: null });
    await openBillingPortal(ctx(), { licenseId, buyerAccountId: buyer.id });
    const request = portalRequests().at(-1)!;
    expect(request.body.customer).toBe(customer);
    expect(request.headers['stripe-account']).toBeUndefined();
  });

  it('only the license’s buyer may open it; a license without a Stripe customer or a one-time purchase has none; Stripe is not called', async () => {
    const { licenseId } = await stripeSubscription({ stripeAccountId: null });
    const stranger = await setup.database.db.account.create({ data: { email: `stranger-${crypto.randomBytes(4).toString('hex')}@example.test` } });
    const noCustomer = await stripeSubscription({ stripeAccountId: null, customer: null });
    const oneTime = await stripeSubscription({ stripeAccountId: null, classification: LicenseClassification.Perpetual });
    const before = portalRequests().length;

    await expect(openBillingPortal(ctx(), { licenseId, buyerAccountId: stranger.id })).rejects.toMatchObject({ code: 'NotFound' });
    await expect(openBillingPortal(ctx(), { licenseId: noCustomer.licenseId, buyerAccountId: noCustomer.buyer.id })).rejects.toMatchObject({ code: 'NotFound' });
    await expect(openBillingPortal(ctx(), { licenseId: oneTime.licenseId, buyerAccountId: oneTime.buyer.id })).rejects.toMatchObject({ code: 'NotFound' });
    expect(portalRequests()).toHaveLength(before);
  });
});
