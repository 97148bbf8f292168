import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { LicenseClassification } from '@/server/catalog/catalog-enums';
import { acceptClaim } from '@/server/checkout/claim/accept-claim';
import { getClaimView } from '@/server/checkout/claim/claim-view';
import { expireClaims } from '@/server/checkout/claim/expire-claims';
import { createEmbeddedCheckout } from '@/server/checkout/create-embedded-checkout';
import { env } from '@/server/env';
import { JOBS } from '@/server/jobs';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { inProcessCore } from '../support/in-process-core';

// Claims of the free embedded checkout at service level (what the page /claim/<token> calls):
// the states a link can be in, accepting it, and its expiry after seven days. Without SMTP_URL the
// claim e-mail is an outbox row of the Email table whose text holds the claim link.

const DAY_MS = 24 * 60 * 60 * 1000;
const CLAIM_EXPIRED = 'Claim expired.';
const REPLACED = 'Replaced by a newer checkout for the same offering and address.';

const setup = inProcessCore();

let seller: Awaited<ReturnType<typeof createSeller>>;
let product: Awaited<ReturnType<typeof createProduct>>;
/** Free, seat-based, with two features. */
let teamPlan: Awaited<ReturnType<typeof createOffering>>;
/** Free, one seat. */
let soloPlan: Awaited<ReturnType<typeof createOffering>>;

const uniqueAddress = (label: string) => `${label}-${crypto.randomBytes(4).toString('hex')}@example.test`;
const tokenOf = (claimUrl: string) => new URL(claimUrl).pathname.split('/').pop()!;

function create(input: { offeringId?: string; customerEmail: string; correlationId?: string; quantity?: number; returnUrl?: string; requestId?: string }) {
  return createEmbeddedCheckout(
    { db: setup.database.db },
    {
      offeringId: input.offeringId ?? teamPlan.id,
      correlationId: input.correlationId ?? 'tenant-1',
      customerEmail: input.customerEmail,
      quantity: input.quantity,
      returnUrl: input.returnUrl,
      requestId: input.requestId,
      sellerId: seller.id,
      keyIssuerClientId: seller.issuerClientId,
    },
  );
}

/** A free checkout with its claim link, and the account of its address. */
async function openClaim(options: { quantity?: number; returnUrl?: string; offeringId?: string; label?: string } = {}) {
  const email = uniqueAddress(options.label ?? 'buyer');
  const session = await create({ customerEmail: email, quantity: options.quantity ?? 3, returnUrl: options.returnUrl, offeringId: options.offeringId });
  expect(session.claimUrl).toEqual(expect.any(String));
  const account = await setup.database.db.account.create({ data: { email } });
  return { email, account, checkoutId: session.sessionId, token: tokenOf(session.claimUrl!), claimUrl: session.claimUrl! };
}

async function stateOf(checkoutId: string) {
  const checkout = await setup.database.db.checkout.findUniqueOrThrow({ where: { id: checkoutId }, include: { claimIntent: { include: { tokens: true } } } });
  const licenses = await setup.database.db.license.findMany({ where: { checkoutId }, include: { seats: true } });
  return { checkout, intent: checkout.claimIntent!, tokens: checkout.claimIntent!.tokens, licenses };
}

beforeAll(async () => {
  seller = await createSeller(setup.database.db, { contactName: 'Ada Vendor', legalName: 'Vendor Ltd' });
  product = await createProduct(setup.database.db, seller.id, { name: 'Tenant Suite' });
  teamPlan = await createOffering(setup.database.db, product, { name: 'Team', seatBased: true, classification: LicenseClassification.Perpetual, priceMinor: null });
  soloPlan = await createOffering(setup.database.db, product, { name: 'Solo', classification: LicenseClassification.Perpetual, priceMinor: null });
  await setup.database.db.feature.createMany({
    data: [
      { offeringId: teamPlan.id, key: 'reports', displayName: 'Reports', description: 'Monthly reports' },
      { offeringId: teamPlan.id, key: 'export', displayName: 'Export', description: 'CSV export' },
    ],
  });
});

describe('getClaimView: what a claim link stands for', () => {
  it('an unknown token (never issued, or not even token-shaped) is unknown, without details', async () => {
    for (const token of [crypto.randomBytes(32).toString('base64url'), 'not a token!', '', 'x'.repeat(200)]) {
      expect(await getClaimView({ db: setup.database.db }, { token })).toEqual({ state: 'unknown', details: null });
    }
  });

  it('a fresh link is open, with the product, offering, seller name, seats and features; the e-mail carries the same link', async () => {
    const claim = await openClaim({ quantity: 3, label: 'open' });
    expect(claim.claimUrl).toBe(`${env().publicBaseUrl}/claim/${claim.token}`);
    const view = await getClaimView({ db: setup.database.db }, { token: claim.token });
    expect(view.state).toBe('open');
    expect(view.details).toMatchObject({
      productName: 'Tenant Suite',
      offeringName: 'Team',
      sellerName: 'Ada Vendor',
      seats: 3,
      features: [
        { key: 'export', name: 'Export', description: 'CSV export' },
        { key: 'reports', name: 'Reports', description: 'Monthly reports' },
      ],
      email: claim.email,
      acceptedByAccountId: null,
    });
    const { checkout, intent, tokens, licenses } = await stateOf(claim.checkoutId);
    expect(view.details!.expiresAt).toEqual(intent.expiresAt);
    expect(intent.expiresAt.getTime() - intent.createdAt.getTime()).toBe(7 * DAY_MS);
    expect(checkout).toMatchObject({ status: 'pending', origin: 'embedded', processor: 'none', quantity: 3, buyerAccountId: null });
    expect(licenses).toEqual([]);
    // Only the token's HMAC is stored.
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.tokenHash).not.toContain(claim.token);

    const emails = await setup.database.db.email.findMany({ where: { to: claim.email } });
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ kind: 'claim-link', status: 'outbox', subject: 'Accept your Tenant Suite license from Ada Vendor' });
    expect(emails[0]!.text).toContain(claim.claimUrl);
  });

  it('a link that accepted the license is used; the account that accepted is named', async () => {
    const claim = await openClaim({ label: 'used' });
    const accepted = await acceptClaim({ db: setup.database.db }, { token: claim.token, accountId: claim.account.id, accountEmail: claim.email });
    expect(accepted.outcome).toBe('accepted');
    const view = await getClaimView({ db: setup.database.db }, { token: claim.token });
    expect(view.state).toBe('used');
    expect(view.details).toMatchObject({ productName: 'Tenant Suite', seats: 3, acceptedByAccountId: claim.account.id });
  });

  it('a link of a checkout accepted through another link (minted by a replay) is accepted, not used', async () => {
    const email = uniqueAddress('replayed');
    const requestId = crypto.randomUUID();
    const first = await create({ customerEmail: email, quantity: 2, requestId });
    const replay = await create({ customerEmail: email, quantity: 2, requestId });
    expect(replay.sessionId).toBe(first.sessionId);
    expect(replay.claimUrl).not.toBe(first.claimUrl);
    // The replay sends no second e-mail.
    expect(await setup.database.db.email.count({ where: { to: email } })).toBe(1);
    const account = await setup.database.db.account.create({ data: { email } });

    expect((await getClaimView({ db: setup.database.db }, { token: tokenOf(first.claimUrl!) })).state).toBe('open');
    const accepted = await acceptClaim({ db: setup.database.db }, { token: tokenOf(replay.claimUrl!), accountId: account.id, accountEmail: email });
    expect(accepted.outcome).toBe('accepted');

    const viaOther = await getClaimView({ db: setup.database.db }, { token: tokenOf(first.claimUrl!) });
    expect(viaOther.state).toBe('accepted');
    expect(viaOther.details).toMatchObject({ acceptedByAccountId: account.id, seats: 2 });
    expect((await getClaimView({ db: setup.database.db }, { token: tokenOf(replay.claimUrl!) })).state).toBe('used');
    expect((await stateOf(first.sessionId)).licenses).toHaveLength(1);
  });

  it('a link past its seven days is expired (test clock: expiresAt + 1 ms), still open just before', async () => {
    const claim = await openClaim({ label: 'expiring' });
    const { intent } = await stateOf(claim.checkoutId);
    const before = await getClaimView({ db: setup.database.db }, { token: claim.token, now: new Date(intent.expiresAt.getTime() - 1) });
    expect(before.state).toBe('open');
    const after = await getClaimView({ db: setup.database.db }, { token: claim.token, now: new Date(intent.expiresAt.getTime() + 1) });
    expect(after.state).toBe('expired');
    expect(after.details).toMatchObject({ productName: 'Tenant Suite', email: claim.email });
  });

  it('a link of a checkout replaced by a newer create for the same seller, offering and address is replaced', async () => {
    const older = await openClaim({ label: 'replaced' });
    const newer = await create({ customerEmail: older.email, quantity: 3 });
    expect(newer.sessionId).not.toBe(older.checkoutId);

    expect((await getClaimView({ db: setup.database.db }, { token: older.token })).state).toBe('replaced');
    expect((await getClaimView({ db: setup.database.db }, { token: tokenOf(newer.claimUrl!) })).state).toBe('open');
    const before = await stateOf(older.checkoutId);
    expect(before.intent.status).toBe('superseded');
    expect(before.checkout).toMatchObject({ status: 'failed', error: REPLACED });
    expect(await setup.database.db.claimIntent.count({ where: { email: older.email, status: 'open' } })).toBe(1);

    // The replaced link cannot be accepted; nothing is minted for it.
    const refused = await acceptClaim({ db: setup.database.db }, { token: older.token, accountId: older.account.id, accountEmail: older.email });
    expect(refused).toEqual({ outcome: 'refused', state: 'replaced' });
    expect((await stateOf(older.checkoutId)).licenses).toEqual([]);
  });
});

describe('acceptClaim', () => {
  it('an account with another e-mail address is told which address the claim is for, and nothing changes', async () => {
    const claim = await openClaim({ label: 'wrong' });
    const stranger = await setup.database.db.account.create({ data: { email: uniqueAddress('stranger') } });
    const outcome = await acceptClaim({ db: setup.database.db }, { token: claim.token, accountId: stranger.id, accountEmail: stranger.email });
    expect(outcome).toEqual({ outcome: 'wrong-account', expectedEmail: claim.email });

    const { checkout, intent, tokens, licenses } = await stateOf(claim.checkoutId);
    expect(licenses).toEqual([]);
    expect(checkout).toMatchObject({ status: 'pending', buyerAccountId: null, completedAt: null });
    expect(intent).toMatchObject({ status: 'open', acceptedAt: null });
    expect(tokens.map((token) => token.usedAt)).toEqual([null]);
    expect((await getClaimView({ db: setup.database.db }, { token: claim.token })).state).toBe('open');
  });

  it('the account of the address (compared case-insensitively) gets a license of Quantity seats with the CorrelationId; lands on ReturnUrl with session_id', async () => {
    const claim = await openClaim({ quantity: 3, returnUrl: 'https://seller.example/welcome?plan=team', label: 'right' });
    const outcome = await acceptClaim({ db: setup.database.db }, { token: claim.token, accountId: claim.account.id, accountEmail: claim.email.toUpperCase() });
    expect(outcome).toEqual({
      outcome: 'accepted',
      checkoutId: claim.checkoutId,
      licenseId: expect.any(String),
      landingUrl: `https://seller.example/welcome?plan=team&session_id=${claim.checkoutId}`,
    });
    if (outcome.outcome !== 'accepted') throw new Error('not accepted');

    const { checkout, intent, tokens, licenses } = await stateOf(claim.checkoutId);
    expect(licenses).toHaveLength(1);
    expect(licenses[0]).toMatchObject({
      id: outcome.licenseId,
      sellerId: seller.id,
      offeringId: teamPlan.id,
      buyerAccountId: claim.account.id,
      correlationId: 'tenant-1',
      status: 'Active',
      classification: LicenseClassification.Perpetual,
    });
    expect(licenses[0]!.seats).toHaveLength(3);
    expect(checkout).toMatchObject({ status: 'completed', buyerAccountId: claim.account.id, completedAt: expect.any(Date), error: null });
    // Three seats: the seller issues a code per seat, none is kept on the checkout.
    expect(checkout.credentialCiphertext).toBeNull();
    expect(intent).toMatchObject({ status: 'accepted', acceptedAt: expect.any(Date) });
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.usedAt).toEqual(expect.any(Date));
  });

  it('without a ReturnUrl the buyer lands on /licenses?session=<checkout>, where the claim\'s code is on show; a one-seat license keeps its code for the seller result', async () => {
    const claim = await openClaim({ offeringId: soloPlan.id, quantity: 1, label: 'solo' });
    const outcome = await acceptClaim({ db: setup.database.db }, { token: claim.token, accountId: claim.account.id, accountEmail: claim.email });
    expect(outcome).toMatchObject({ outcome: 'accepted', landingUrl: `/licenses?session=${claim.checkoutId}` });
    const { checkout, licenses } = await stateOf(claim.checkoutId);
    expect(licenses).toHaveLength(1);
    expect(licenses[0]!.seats).toHaveLength(1);
    expect(checkout.credentialCiphertext).toEqual(expect.any(String));
  });

  it('10 concurrent accepts of one link by its account mint exactly one license, and all answer accepted with its id', async () => {
    const claim = await openClaim({ quantity: 3, label: 'race' });
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => acceptClaim({ db: setup.database.db }, { token: claim.token, accountId: claim.account.id, accountEmail: claim.email })),
    );
    const { checkout, licenses, intent } = await stateOf(claim.checkoutId);
    expect(licenses).toHaveLength(1);
    expect(licenses[0]!.seats).toHaveLength(3);
    for (const outcome of outcomes) {
      expect(outcome).toEqual({ outcome: 'accepted', checkoutId: claim.checkoutId, licenseId: licenses[0]!.id, landingUrl: `/licenses?session=${claim.checkoutId}` });
    }
    expect(checkout.status).toBe('completed');
    expect(intent.status).toBe('accepted');
    expect(await setup.database.db.seat.count({ where: { license: { checkoutId: claim.checkoutId } } })).toBe(3);
  });

  it('the token is single use: the same account submitting again lands where it did and mints nothing; the link reads used', async () => {
    const claim = await openClaim({ returnUrl: 'https://seller.example/done', label: 'again' });
    const first = await acceptClaim({ db: setup.database.db }, { token: claim.token, accountId: claim.account.id, accountEmail: claim.email });
    expect(first.outcome).toBe('accepted');
    const usedAt = (await stateOf(claim.checkoutId)).tokens[0]!.usedAt;

    const second = await acceptClaim({ db: setup.database.db }, { token: claim.token, accountId: claim.account.id, accountEmail: claim.email });
    expect(second).toEqual(first);
    expect(second).toMatchObject({ landingUrl: `https://seller.example/done?session_id=${claim.checkoutId}` });
    const { licenses, tokens } = await stateOf(claim.checkoutId);
    expect(licenses).toHaveLength(1);
    expect(tokens[0]!.usedAt).toEqual(usedAt);
    expect(await setup.database.db.license.count({ where: { buyerAccountId: claim.account.id } })).toBe(1);
    expect((await getClaimView({ db: setup.database.db }, { token: claim.token })).state).toBe('used');

    // Another account with the used link is still the wrong account, and gets nothing.
    const stranger = await setup.database.db.account.create({ data: { email: uniqueAddress('late') } });
    expect(await acceptClaim({ db: setup.database.db }, { token: claim.token, accountId: stranger.id, accountEmail: stranger.email })).toEqual({
      outcome: 'wrong-account',
      expectedEmail: claim.email,
    });
  });

  it('past its seven days the accept is refused as expired, and the checkout fails with Claim expired.', async () => {
    const claim = await openClaim({ label: 'late' });
    const { intent } = await stateOf(claim.checkoutId);
    const now = new Date(intent.expiresAt.getTime() + 1);
    const outcome = await acceptClaim({ db: setup.database.db }, { token: claim.token, accountId: claim.account.id, accountEmail: claim.email, now });
    expect(outcome).toEqual({ outcome: 'refused', state: 'expired' });

    const after = await stateOf(claim.checkoutId);
    expect(after.licenses).toEqual([]);
    expect(after.checkout).toMatchObject({ status: 'failed', error: CLAIM_EXPIRED, buyerAccountId: null });
    expect(after.intent.status).toBe('expired');
    expect(after.tokens[0]!.usedAt).toBeNull();
    // Also with today's clock the link now reads expired.
    expect((await getClaimView({ db: setup.database.db }, { token: claim.token })).state).toBe('expired');
  });
});

describe('expireClaims (the expire-claims job)', () => {
  it('is a job scheduled every minute', () => {
    const job = JOBS['expire-claims'];
    expect(job).toBeDefined();
    expect(job.schedule).toEqual({ cron: '* * * * *', data: {} });
  });

  it('leaves a claim open one second before its seven days, and expires it one second after: intent expired, checkout failed', async () => {
    const claim = await openClaim({ label: 'job' });
    const { intent } = await stateOf(claim.checkoutId);
    const createdAt = intent.createdAt.getTime();

    await expireClaims({ db: setup.database.db }, { now: new Date(createdAt + 7 * DAY_MS - 1000) });
    const early = await stateOf(claim.checkoutId);
    expect(early.intent.status).toBe('open');
    expect(early.checkout).toMatchObject({ status: 'pending', error: null });

    const expired = await expireClaims({ db: setup.database.db }, { now: new Date(createdAt + 7 * DAY_MS + 1000) });
    expect(expired).toBeGreaterThanOrEqual(1);
    const late = await stateOf(claim.checkoutId);
    expect(late.intent.status).toBe('expired');
    expect(late.checkout).toMatchObject({ status: 'failed', error: CLAIM_EXPIRED });
    expect(late.licenses).toEqual([]);

    // Running again changes nothing.
    await expireClaims({ db: setup.database.db }, { now: new Date(createdAt + 7 * DAY_MS + 2000) });
    expect((await stateOf(claim.checkoutId)).checkout.updatedAt).toEqual(late.checkout.updatedAt);
    const refused = await acceptClaim({ db: setup.database.db }, { token: claim.token, accountId: claim.account.id, accountEmail: claim.email });
    expect(refused).toEqual({ outcome: 'refused', state: 'expired' });
  });
});
