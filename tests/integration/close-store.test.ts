import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '@/server/api-keys/create-api-key';
import { LicenseClassification } from '@/server/catalog/catalog-enums';
import { db } from '@/server/db';
import { startBrowserSession } from '@/server/identity/browser-sessions';
import { eraseBuyerAccount } from '@/server/identity/erase-buyer';
import { issueLicenseCode } from '@/server/licensing/codes/issue-license-code';
import { decodeLicenseCode } from '@/server/licensing/codes/runtime-token';
import { appRouter } from '@/server/trpc/app-router';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { startInProcessService, type InProcessService } from '../support/in-process-service';
import { createDisputeRow, createLicenseRow, createOrder, createRefundRow } from '../support/order-factories';
import { trpcRefusalOf } from '../support/refusal';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Deleting a store (docs/buyers-and-sellers.md "Deleting the store"), through the portal's
// procedures over this file's PostgreSQL and the service's HTTP: only the Owner, only after typing
// the storefront id, never while something still needs the processor; then listings, keys,
// endpoints, invitations, claims and memberships end in one transaction, buyers no longer find the
// store, and the licenses it sold keep authorizing. Every refusal leaves the database as it was.

const APP_SECRET = crypto.randomBytes(32).toString('base64url');
let database: TestDatabase;
let server: InProcessService;
const unique = () => crypto.randomBytes(4).toString('hex');

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startInProcessService({ databaseUrl: database.url, env: { SEED_DEMO: 'false', APP_SECRET } });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

type Role = 'Owner' | 'Admin' | 'Developer' | 'Support' | 'Viewer';

async function memberOf(sellerId: string, role: Role) {
  const account = await database.db.account.create({ data: { email: `${role.toLowerCase()}-${unique()}@close.example.test` } });
  await database.db.sellerMember.create({ data: { sellerId, accountId: account.id, role } });
  return { accountId: account.id, email: account.email };
}

/** A store with an Owner, a listed perpetual offering and one license sold with its code. */
async function store() {
  const seller = await createSeller(database.db, { legalName: `Closing ${unique()} Ltd`, checkoutReady: true });
  const owner = await memberOf(seller.id, 'Owner');
  const product = await createProduct(database.db, seller.id);
  const offering = await createOffering(database.db, product, { classification: LicenseClassification.Perpetual, priceMinor: 2500 });
  return { seller, owner, product, offering };
}

/** The portal's procedures as the member's browser calls them (through the process's pool, so the audit log names them). */
const portalOf = (member: { accountId: string; email: string }) =>
  appRouter.createCaller({ db: db(), session: member, clientIp: '203.0.113.9', userAgent: 'CloseTest/1.0', correlationId: `corr-${unique()}` }).portal;


/** What a refusal must leave as it was: the store's state and everything that hangs on it. */
async function storeState(sellerId: string) {
  const [seller, members, keys, endpoints, offerings, invitations] = await Promise.all([
    database.db.seller.findUniqueOrThrow({ where: { id: sellerId }, select: { closedAt: true } }),
    database.db.sellerMember.count({ where: { sellerId } }),
    database.db.apiKey.count({ where: { sellerId, revokedAt: null } }),
    database.db.webhookEndpoint.count({ where: { sellerId, enabled: true } }),
    database.db.offering.count({ where: { sellerId, listed: true } }),
    database.db.sellerInvitation.count({ where: { sellerId, revokedAt: null } }),
  ]);
  return { closedAt: seller.closedAt, members, keys, endpoints, offerings, invitations };
}

describe('who may delete a store, and how it is confirmed', () => {
  it('an Admin is refused (403 FORBIDDEN RoleForbidden) and nothing changes', async () => {
    const { seller } = await store();
    const admin = await memberOf(seller.id, 'Admin');
    const before = await storeState(seller.id);
    expect(await trpcRefusalOf(portalOf(admin).closeStore({ confirmIssuerClientId: seller.issuerClientId }))).toMatchObject({
      code: 'FORBIDDEN',
      apiCode: 'RoleForbidden',
      message: 'Your role (Admin) cannot delete the store; ask an Owner of the store.',
    });
    expect(await storeState(seller.id)).toEqual(before);
  });

  it('a storefront id that is not the store’s is refused on ConfirmIssuerClientId, and nothing changes', async () => {
    const { seller, owner } = await store();
    const before = await storeState(seller.id);
    expect(await trpcRefusalOf(portalOf(owner).closeStore({ confirmIssuerClientId: `${seller.issuerClientId}-x` }))).toMatchObject({
      code: 'BAD_REQUEST',
      apiCode: 'ValidationError',
      details: [{ Code: 'Mismatch', Field: 'ConfirmIssuerClientId', Message: `This is not the storefront id (${seller.issuerClientId}).` }],
    });
    expect(await storeState(seller.id)).toEqual(before);
  });
});

describe('what still needs the processor refuses the deletion (409 StoreClosureRefused)', () => {
  const blockers: { rule: string; make: (ctx: Awaited<ReturnType<typeof store>>) => Promise<unknown>; says: RegExp }[] = [
    {
      rule: 'a subscription that still renews',
      make: async ({ product }) => {
        const monthly = await createOffering(database.db, product, { classification: LicenseClassification.Subscription, priceMinor: 900, interval: 1, intervalUnit: 2 });
        await createOrder(database.db, monthly, { amountMinor: 900, buyerEmail: `sub-${unique()}@example.test`, withLicense: true });
      },
      says: /1 subscription\(s\) still renew: cancel them on their license pages first/,
    },
    {
      rule: 'a refund on its way to the processor',
      make: async ({ offering }) => {
        const { checkout } = await createOrder(database.db, offering, { amountMinor: 2500, buyerEmail: `refund-${unique()}@example.test` });
        await createRefundRow(database.db, checkout, { amountMinor: 500, status: 'pending' });
      },
      says: /1 refund\(s\) are still on their way/,
    },
    {
      rule: 'an open dispute',
      make: async ({ offering }) => {
        const { checkout } = await createOrder(database.db, offering, { amountMinor: 2500, buyerEmail: `dispute-${unique()}@example.test` });
        await createDisputeRow(database.db, checkout, { amountMinor: 2500 });
      },
      says: /1 dispute\(s\) are open/,
    },
    {
      rule: 'a paid checkout of the last 24 hours that may still be paid',
      make: ({ offering }) => createOrder(database.db, offering, { status: 'pending', amountMinor: 2500, buyerEmail: `pending-${unique()}@example.test` }),
      says: /1 paid checkout\(s\) of the last 24 hours may still be paid/,
    },
  ];

  for (const blocker of blockers) {
    it(`${blocker.rule}: refused with a sentence saying so, the preview lists it, and nothing changes`, async () => {
      const ctx = await store();
      await blocker.make(ctx);
      expect((await portalOf(ctx.owner).closurePreview()).blockers).toEqual([expect.stringMatching(blocker.says)]);
      const before = await storeState(ctx.seller.id);
      const refused = await trpcRefusalOf(portalOf(ctx.owner).closeStore({ confirmIssuerClientId: ctx.seller.issuerClientId }));
      expect(refused).toMatchObject({ code: 'CONFLICT', apiCode: 'StoreClosureRefused' });
      expect(refused.message).toMatch(blocker.says);
      expect(await storeState(ctx.seller.id)).toEqual(before);
    });
  }

  it('a paid checkout left pending for more than a day, a cancelled subscription and a closed dispute do not refuse it', async () => {
    const ctx = await store();
    await createOrder(database.db, ctx.offering, { status: 'pending', amountMinor: 2500, createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) });
    const monthly = await createOffering(database.db, ctx.product, { classification: LicenseClassification.Subscription, priceMinor: 900, interval: 1, intervalUnit: 2 });
    const { license } = await createOrder(database.db, monthly, { amountMinor: 900, buyerEmail: `ending-${unique()}@example.test`, withLicense: true });
    await database.db.license.update({ where: { id: license!.id }, data: { cancelAtPeriodEnd: true } });
    const { checkout } = await createOrder(database.db, ctx.offering, { amountMinor: 2500 });
    await createDisputeRow(database.db, checkout, { amountMinor: 2500, closed: { outcome: 'won', at: new Date() } });
    expect((await portalOf(ctx.owner).closurePreview()).blockers).toEqual([]);
    await portalOf(ctx.owner).closeStore({ confirmIssuerClientId: ctx.seller.issuerClientId });
    expect((await storeState(ctx.seller.id)).closedAt).not.toBeNull();
  });
});

describe('deleting the store', () => {
  it('ends listings, API keys, endpoints, invitations, claim links and memberships at once; other members are signed out; buyers no longer find it; its licenses keep authorizing; the audit log names the Owner', async () => {
    const { seller, owner, offering } = await store();
    const support = await memberOf(seller.id, 'Support');
    const supportSession = await startBrowserSession(database.db, { accountId: support.accountId, lifetimeSeconds: 3600 });
    const ownerSession = await startBrowserSession(database.db, { accountId: owner.accountId, lifetimeSeconds: 3600 });
    const key = await createApiKey({ db: database.db }, { sellerId: seller.id, label: 'backend' });
    await database.db.webhookEndpoint.create({ data: { sellerId: seller.id, url: 'https://hooks.example.test/in', eventTypes: [], secretCiphertext: 'sealed' } });
    await database.db.sellerInvitation.create({
      data: { sellerId: seller.id, email: `invited-${unique()}@example.test`, role: 'Viewer', tokenHash: crypto.randomBytes(32).toString('hex'), invitedById: owner.accountId, expiresAt: new Date(Date.now() + 86_400_000) },
    });
    const free = await createOffering(database.db, { id: offering.productId, sellerId: seller.id }, { classification: LicenseClassification.Perpetual });
    const { checkout: claimCheckout } = await createOrder(database.db, free, { status: 'pending', origin: 'embedded', customerEmail: `claimer-${unique()}@example.test` });
    const claim = await database.db.claimIntent.create({ data: { checkoutId: claimCheckout.id, sellerId: seller.id, offeringId: free.id, email: claimCheckout.customerEmail!, expiresAt: new Date(Date.now() + 86_400_000) } });
    const license = await createLicenseRow(database.db, offering, {});
    const seat = await database.db.seat.create({ data: { licenseId: license.id } });
    const { code } = await issueLicenseCode({ db: database.db }, { licenseId: license.id, seatId: seat.id, label: 'app' });
    // Both read once, so the storefront and the key are in this process's caches when the store is deleted.
    expect((await server.fetch(`/purchase/${seller.issuerClientId}/offerings`)).status).toBe(200);
    expect((await server.fetch(`/licensing-mgmt/licenses/${license.id}`, { headers: { 'dub-apiKey': key.key } })).status).toBe(200);

    const preview = await portalOf(owner).closurePreview();
    expect(preview).toEqual({ issuerClientId: seller.issuerClientId, blockers: [], licensesKept: 1, ordersKept: 0, apiKeysRevoked: 1, webhookEndpointsDisabled: 1, membersRemoved: 2 });

    const closed = await portalOf(owner).closeStore({ confirmIssuerClientId: ` ${seller.issuerClientId} ` });
    expect(closed).toMatchObject({ membersRemoved: 2, apiKeysRevoked: 1, webhookEndpointsDisabled: 1, offeringsUnlisted: 2, invitationsRevoked: 1, claimLinksExpired: 1, sessionsEnded: 1 });

    expect(await storeState(seller.id)).toEqual({ closedAt: closed.closedAt, members: 0, keys: 0, endpoints: 0, offerings: 0, invitations: 0 });
    expect(await database.db.webhookEndpoint.findFirstOrThrow({ where: { sellerId: seller.id } })).toMatchObject({ enabled: false, disabledReason: 'The store was deleted.' });
    expect(await database.db.claimIntent.findUniqueOrThrow({ where: { id: claim.id } })).toMatchObject({ status: 'expired' });
    expect(await database.db.checkout.findUniqueOrThrow({ where: { id: claimCheckout.id } })).toMatchObject({ status: 'failed', error: 'The store was deleted.' });
    expect(await database.db.browserSession.findUniqueOrThrow({ where: { id: supportSession } })).toMatchObject({ endReason: 'store_closed' });
    expect(await database.db.browserSession.findUniqueOrThrow({ where: { id: ownerSession } })).toMatchObject({ endedAt: null });

    // The former members act for no store: each seller procedure says so, and portal.me has no seller.
    expect(await trpcRefusalOf(portalOf(support).overview())).toMatchObject({ code: 'NOT_FOUND' });
    expect(await appRouter.createCaller({ db: db(), session: owner }).portal.me()).toMatchObject({ seller: null, role: null, permissions: [] });

    // The key is refused; buyers find neither the storefront nor its offerings; a purchase is refused.
    const keyed = await server.fetch(`/licensing-mgmt/licenses/${license.id}`, { headers: { 'dub-apiKey': key.key } });
    expect({ status: keyed.status, code: (await keyed.json()).Code }).toEqual({ status: 403, code: 'ApiKeyInvalid' });
    const storefront = await server.fetch(`/purchase/${seller.issuerClientId}/offerings`);
    expect({ status: storefront.status, code: (await storefront.json()).Code }).toEqual({ status: 404, code: 'NotFound' });
    expect((await server.fetch(`/purchase/${seller.issuerClientId}/offerings/${offering.id}`)).status).toBe(404);

    // What a buyer paid for keeps working.
    const authorized = await server.fetch('/licensing/runtime/GenerateLicenseAuthorization', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${decodeLicenseCode(code)}` },
      body: JSON.stringify({ RequestId: crypto.randomUUID(), LicenseId: license.id }),
    });
    expect(authorized.status, await authorized.clone().text()).toBe(200);

    // Every change is in the store's log as the Owner's doing, the store's own row with its closing time.
    const entries = await database.db.auditEntry.findMany({ where: { sellerId: seller.id, correlationId: { startsWith: 'corr-' }, actorId: owner.accountId } });
    const actions = new Set(entries.map((entry) => entry.action));
    for (const action of ['seller.updated', 'offering.updated', 'api_key.updated', 'webhook_endpoint.updated', 'invitation.updated', 'member.deleted']) expect(actions).toContain(action);
    const sellerEntry = entries.find((entry) => entry.action === 'seller.updated')!;
    expect(sellerEntry).toMatchObject({ actorRole: 'Owner', surface: 'Portal', operation: 'portal.closeStore' });
    expect(Object.keys(sellerEntry.changes as object)).toContain('closedAt');
    expect(entries.every((entry) => entry.sequence > 0n)).toBe(true);
  });

  it('a deleted store stays deleted: the database refuses reopening it and a new member of it', async () => {
    const { seller, owner } = await store();
    await portalOf(owner).closeStore({ confirmIssuerClientId: seller.issuerClientId });
    await expect(database.db.seller.update({ where: { id: seller.id }, data: { closedAt: null } })).rejects.toThrow(/never reopened/);
    await expect(database.db.sellerMember.create({ data: { sellerId: seller.id, accountId: owner.accountId, role: 'Owner' } })).rejects.toThrow(/has no members/);
    expect(await trpcRefusalOf(portalOf(owner).closeStore({ confirmIssuerClientId: seller.issuerClientId }))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('an open store keeps its last Owner still: the database refuses removing it', async () => {
    const { seller, owner } = await store();
    await expect(database.db.sellerMember.deleteMany({ where: { sellerId: seller.id, accountId: owner.accountId } })).rejects.toThrow(/at least one Owner/);
  });

  it('its former Owner, no member of any store now, may erase their account as a buyer', async () => {
    const { seller, owner } = await store();
    await expect(eraseBuyerAccount({ db: database.db }, { accountId: owner.accountId, by: 'buyer' })).rejects.toMatchObject({ code: 'AccountErasureRefused' });
    await portalOf(owner).closeStore({ confirmIssuerClientId: seller.issuerClientId });
    const erased = await eraseBuyerAccount({ db: database.db }, { accountId: owner.accountId, by: 'buyer' });
    expect(erased).toBeDefined();
    expect((await database.db.account.findUniqueOrThrow({ where: { id: owner.accountId } })).erasedAt).not.toBeNull();
  });
});
