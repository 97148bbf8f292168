import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrismaClient } from '@/generated/prisma/client';
import { createApiKey } from '@/server/api-keys/create-api-key';
import { IntervalUnit, LicenseClassification } from '@/server/catalog/catalog-enums';
import { getCheckoutResultForBuyer } from '@/server/checkout/get-checkout-result';
import { payLocalCheckout } from '@/server/checkout/local-checkout/pay-local-checkout';
import { DomainError } from '@/server/errors';
import { startBrowserSession } from '@/server/identity/browser-sessions';
import { ERASED_CHECKOUT_ERROR, eraseBuyerAccount } from '@/server/identity/erase-buyer';
import { decodeLicenseCode } from '@/server/licensing/codes/runtime-token';
import { createCaller } from '@/server/trpc/app-router';
import { createTrpcContext } from '@/server/trpc/init';
import { runAdminCommand } from '../support/admin-cli';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { startInProcessService, type InProcessService } from '../support/in-process-service';
import { codeReader, form, nativeSignIn } from '../support/sign-in';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// A buyer erases their account (docs/data-rights.md): nothing that names or locates the person stays
// in any table, while the licenses, their codes and the orders' figures do, under a pseudonym.

const APP_SECRET = crypto.randomBytes(32).toString('base64url');

let database: TestDatabase;
let smtp: TestSmtpServer;
let server: InProcessService;
let seller: { id: string; issuerClientId: string };
let apiKey: string;
let paidOffering: { id: string };
let freeOffering: { id: string };
let subscription: { id: string };
let nextCode: ReturnType<typeof codeReader>;

beforeAll(async () => {
  [database, smtp] = await Promise.all([createTestDatabase(), startTestSmtpServer()]);
  nextCode = codeReader(smtp);
  server = await startInProcessService({ databaseUrl: database.url, env: { APP_SECRET, SMTP_URL: smtp.url, SEED_DEMO: 'false', LOCAL_TAX_RATES: 'DE=19,FR=20' } });
  seller = await createSeller(database.db, { checkoutReady: true });
  await database.db.seller.update({ where: { id: seller.id }, data: { taxCollection: true, taxBehavior: 'exclusive', originAddress: { country: 'DE', city: 'Berlin' } } });
  const product = await createProduct(database.db, seller.id);
  paidOffering = await createOffering(database.db, product, { name: 'Erasure Pro', priceMinor: 4900, maxDevices: 3 });
  freeOffering = await createOffering(database.db, product, { name: 'Erasure Free' });
  subscription = await createOffering(database.db, product, { name: 'Erasure Monthly', classification: LicenseClassification.Subscription, priceMinor: 900, interval: 1, intervalUnit: IntervalUnit.Month });
  ({ key: apiKey } = await createApiKey({ db: database.db }, { sellerId: seller.id, label: 'backend' }));
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  await database?.drop();
});

const unique = () => crypto.randomBytes(4).toString('hex');
const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/**
 * Every table and column of the public schema, each row cast to text: the tables (and their counts)
 * where `needle` still appears. The table list comes from information_schema.columns, so a table
 * added later is scanned too.
 */
async function tablesHolding(db: PrismaClient, needle: string): Promise<Record<string, number>> {
  const tables = await db.$queryRaw<{ table_name: string }[]>`
    SELECT DISTINCT c.table_name FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' ORDER BY 1`;
  expect(tables.length).toBeGreaterThan(30);
  const found: Record<string, number> = {};
  for (const { table_name: table } of tables) {
    const quoted = `"${table.replaceAll('"', '""')}"`;
    const [row] = await db.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM public.${quoted} t WHERE t::text ILIKE '%' || $1 || '%'`, needle);
    if (row!.n > 0) found[table] = row!.n;
  }
  return found;
}

/**
 * A buyer with all a person leaves behind: signed in by e-mailed code (a sign-in code, a refresh
 * token), a name, a portal session from an address, a paid order with a billing address and a
 * license whose code runs a named computer, an open claim of a free offering, an e-mail still queued.
 */
async function buyerWithHistory() {
  const person = { email: `ada.${unique()}@example.test`, name: `Ada Lovelace-${unique()}`, street: `${unique()} Analytical Engine Street`, city: `Byronton${unique()}` };
  const signedIn = await nativeSignIn(server, person.email, nextCode);
  expect(signedIn.response.status).toBe(200);
  const { access_token: accessToken, refresh_token: refreshToken } = signedIn.body as { access_token: string; refresh_token: string };
  const account = await database.db.account.update({ where: { email: person.email }, data: { displayName: person.name } });
  await database.db.$transaction((tx) => startBrowserSession(tx, { accountId: account.id, lifetimeSeconds: 3600, ipAddress: '203.0.113.9', userAgent: `Browser of ${person.name}` }));
  // A second sign-in started and never finished: its code row names the address.
  await server.fetch('/identity/oauth2/v2.0/initiate', form({ client_id: 'service-app-client', username: person.email, challenge_type: 'oob redirect' }));

  const opened = await server.fetch('/purchase/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ RequestId: crypto.randomUUID(), OfferingId: paidOffering.id, IssuerClientId: seller.issuerClientId }),
  });
  expect(opened.status).toBe(200);
  const { SessionId: orderId } = (await opened.json()) as { SessionId: string };
  await payLocalCheckout({ db: database.db }, { checkoutId: orderId, billing: { line1: person.street, city: person.city, postalCode: '10115', country: 'FR', taxId: 'FR40303265045' } });
  const order = await database.db.checkout.findUniqueOrThrow({ where: { id: orderId } });
  expect(order).toMatchObject({ status: 'completed', billingAddress: { line1: person.street, city: person.city, country: 'FR' } });

  const result = await getCheckoutResultForBuyer({ db: database.db }, { sessionId: orderId, buyerAccountId: account.id });
  const licenseCode = result.encodedCredential!;
  const license = await database.db.license.findUniqueOrThrow({ where: { checkoutId: orderId }, include: { seats: true, codes: true } });
  const runtimeToken = decodeLicenseCode(licenseCode)!;
  const fingerprint = crypto.randomBytes(32).toString('hex');
  const activated = await server.fetch('/licensing/runtime/ActivateDevice', {
    ...json({ RequestId: crypto.randomUUID(), LicenseId: license.id, Fingerprint: fingerprint, Name: `${person.name} MacBook`, Platform: 'macOS 15' }),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${runtimeToken}` },
  });
  expect(activated.status).toBe(200);

  const claim = await server.fetch('/licensing/checkout/embedded', {
    ...json({ RequestId: crypto.randomUUID(), OfferingId: freeOffering.id, CorrelationId: `tenant-${unique()}`, CustomerEmail: person.email }),
    headers: { 'content-type': 'application/json', 'dub-apiKey': apiKey },
  });
  expect(claim.status).toBe(200);
  const { SessionId: claimCheckoutId } = (await claim.json()) as { SessionId: string };
  expect(await database.db.claimIntent.count({ where: { checkoutId: claimCheckoutId, status: 'open' } })).toBe(1);

  // Waiting for a later attempt, as after an SMTP failure: still in the outbox when the erasure comes.
  const queued = await database.db.email.create({ data: { to: person.email, subject: 'Your trial ends soon', kind: 'trial-reminder', status: 'queued', content: 'sealed', nextAttemptAt: new Date(Date.now() + 3_600_000) } });

  return { person, account, accessToken, refreshToken, orderId, order, claimCheckoutId, license, runtimeToken, fingerprint, queuedEmailId: queued.id };
}

type Buyer = Awaited<ReturnType<typeof buyerWithHistory>>;

async function expectNoTraceOf(buyer: Buyer) {
  const { email, name, street, city } = buyer.person;
  for (const needle of [email, email.split('@')[0]!, name, street, city]) expect(await tablesHolding(database.db, needle), needle).toEqual({});
}

describe('eraseBuyerAccount', () => {
  let buyer: Buyer;

  beforeAll(async () => {
    buyer = await buyerWithHistory();
    // The scan finds what is there before the erasure: it can fail.
    expect(Object.keys(await tablesHolding(database.db, buyer.person.email)).sort()).toEqual(expect.arrayContaining(['Account', 'Checkout', 'ClaimIntent', 'Email', 'OneTimeCode']));
    expect(Object.keys(await tablesHolding(database.db, buyer.person.street))).toEqual(['Checkout']);
    expect(Object.keys(await tablesHolding(database.db, buyer.person.name)).sort()).toEqual(['Account', 'BrowserSession', 'Device', 'Event']);
    const erasure = await eraseBuyerAccount({ db: database.db }, { accountId: buyer.account.id, by: 'buyer' });
    expect(erasure).toMatchObject({ alreadyErased: false, erased: { orders: 2, claims: 1, refreshTokens: 1, sessionsEnded: 1, deviceNames: 1 }, kept: { licenses: 1, orders: 2 } });
    expect(erasure.erased.emails).toBeGreaterThanOrEqual(3);
    expect(erasure.erased.signInCodes).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('leaves no copy of the e-mail address, the name, the street or the city in any table and column of the database', async () => {
    await expectNoTraceOf(buyer);
  });

  it('pseudonymises the account: a unique address at erased.invalid, no name, erasedAt set', async () => {
    const account = await database.db.account.findUniqueOrThrow({ where: { id: buyer.account.id } });
    expect(account.email).toMatch(/^erased-[0-9a-f]{24}@erased\.invalid$/);
    expect(account.displayName).toBeNull();
    expect(account.erasedAt).toBeInstanceOf(Date);
  });

  it('keeps the license, its seats and codes (the code still authorizes) and the order’s figures, with only the billing country', async () => {
    const license = await database.db.license.findUniqueOrThrow({ where: { id: buyer.license.id }, include: { seats: true, codes: true } });
    expect(license).toMatchObject({ buyerAccountId: buyer.account.id, status: 'Active' });
    expect(license.seats.map((seat) => seat.id)).toEqual(buyer.license.seats.map((seat) => seat.id));
    expect(license.codes.map((code) => [code.id, code.revokedAt])).toEqual(buyer.license.codes.map((code) => [code.id, null]));
    const authorized = await server.fetch('/licensing/runtime/GenerateLicenseAuthorization', {
      ...json({ RequestId: crypto.randomUUID(), LicenseId: buyer.license.id, Fingerprint: buyer.fingerprint }),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.runtimeToken}` },
    });
    expect(authorized.status, await authorized.clone().text()).toBe(200);

    const order = await database.db.checkout.findUniqueOrThrow({ where: { id: buyer.orderId } });
    const account = await database.db.account.findUniqueOrThrow({ where: { id: buyer.account.id } });
    expect(order).toMatchObject({
      status: 'completed',
      amountMinor: buyer.order.amountMinor,
      taxMinor: buyer.order.taxMinor,
      taxExempt: true,
      currency: buyer.order.currency,
      invoiceNumber: buyer.order.invoiceNumber,
      completedAt: buyer.order.completedAt,
      customerEmail: account.email,
      billingAddress: { country: 'FR' },
      buyerTaxId: null,
      credentialCiphertext: null,
    });
  });

  it('refuses the old refresh token and the old access token on the purchase API', async () => {
    const refreshed = await server.fetch('/identity/oauth2/v2.0/token', form({ client_id: 'service-app-client', grant_type: 'refresh_token', refresh_token: buyer.refreshToken }));
    expect(refreshed.status).toBe(400);
    expect(await refreshed.json()).toMatchObject({ error: 'invalid_grant' });
    const purchase = await server.fetch('/purchase/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.accessToken}` },
      body: JSON.stringify({ RequestId: crypto.randomUUID(), OfferingId: freeOffering.id, IssuerClientId: seller.issuerClientId }),
    });
    expect(purchase.status).toBe(401);
    expect(await purchase.json()).toMatchObject({ Code: 'BuyerTokenInvalid' });
    expect(await database.db.checkout.count({ where: { buyerAccountId: buyer.account.id } })).toBe(1);
  });

  it('ends the portal sessions without their IP address or browser, drops the queued e-mail, and expires the open claim', async () => {
    const sessions = await database.db.browserSession.findMany({ where: { accountId: buyer.account.id } });
    expect(sessions).toEqual([expect.objectContaining({ endReason: 'account_erased', ipAddress: null, userAgent: null, endedAt: expect.any(Date) })]);
    expect(await database.db.email.findUnique({ where: { id: buyer.queuedEmailId } })).toBeNull();
    expect(await database.db.claimIntent.findUniqueOrThrow({ where: { checkoutId: buyer.claimCheckoutId } })).toMatchObject({ status: 'expired' });
    expect(await database.db.claimToken.count({ where: { intent: { checkoutId: buyer.claimCheckoutId } } })).toBe(0);
    expect(await database.db.checkout.findUniqueOrThrow({ where: { id: buyer.claimCheckoutId } })).toMatchObject({ status: 'failed', error: ERASED_CHECKOUT_ERROR });
  });

  it('erasing twice is harmless: the same pseudonym, nothing left to erase', async () => {
    const before = await database.db.account.findUniqueOrThrow({ where: { id: buyer.account.id } });
    const again = await eraseBuyerAccount({ db: database.db }, { accountId: buyer.account.id, by: 'operator' });
    expect(again).toMatchObject({ alreadyErased: true, pseudonym: before.email, erased: { refreshTokens: 0, sessionsEnded: 0, signInCodes: 0 }, kept: { licenses: 1 } });
    expect(await database.db.account.findUniqueOrThrow({ where: { id: buyer.account.id } })).toMatchObject({ email: before.email, erasedAt: before.erasedAt });
  });

  it('signing in again with the same address makes a new, empty account', async () => {
    expect((await nativeSignIn(server, buyer.person.email, nextCode)).response.status).toBe(200);
    const fresh = await database.db.account.findUniqueOrThrow({ where: { email: buyer.person.email } });
    expect(fresh.id).not.toBe(buyer.account.id);
    expect(await database.db.license.count({ where: { buyerAccountId: fresh.id } })).toBe(0);
  });
});

describe('what refuses an erasure', () => {
  it('a seller’s member is refused (409 AccountErasureRefused) and nothing changes', async () => {
    const member = await database.db.account.create({ data: { email: `owner.${unique()}@example.test`, displayName: 'Grace Owner' } });
    await database.db.sellerMember.create({ data: { sellerId: seller.id, accountId: member.id, role: 'Owner' } });
    const refused = await eraseBuyerAccount({ db: database.db }, { accountId: member.id, by: 'buyer' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: 'AccountErasureRefused', status: 409 });
    expect((refused as Error).message).toContain(seller.issuerClientId);
    expect(await database.db.account.findUniqueOrThrow({ where: { id: member.id } })).toMatchObject({ email: member.email, displayName: 'Grace Owner', erasedAt: null });
  });

  it('a subscription that still renews is refused until it is cancelled', async () => {
    const account = await database.db.account.create({ data: { email: `subscriber.${unique()}@example.test` } });
    const checkout = await database.db.checkout.create({
      data: { requestId: crypto.randomUUID(), origin: 'purchase', status: 'completed', sellerId: seller.id, offeringId: subscription.id, buyerAccountId: account.id, customerEmail: account.email, amountMinor: 900n, processor: 'local', completedAt: new Date() },
    });
    const license = await database.db.license.create({ data: { sellerId: seller.id, offeringId: subscription.id, buyerAccountId: account.id, checkoutId: checkout.id, classification: LicenseClassification.Subscription } });
    await expect(eraseBuyerAccount({ db: database.db }, { accountId: account.id, by: 'buyer' })).rejects.toMatchObject({ code: 'AccountErasureRefused', message: expect.stringContaining('Erasure Monthly') });
    await database.db.license.update({ where: { id: license.id }, data: { cancelAtPeriodEnd: true, termEnd: new Date(Date.now() + 86_400_000) } });
    await expect(eraseBuyerAccount({ db: database.db }, { accountId: account.id, by: 'buyer' })).resolves.toMatchObject({ kept: { licenses: 1, orders: 1 } });
  });
});

describe('account.erase: the buyer pages’ procedure', () => {
  const callerFor = (account: { id: string; email: string }) => createCaller(createTrpcContext({ session: { accountId: account.id, email: account.email } }));

  it('erases nothing unless the address typed is the account’s (400 ValidationError naming confirmEmail), then erases', async () => {
    const account = await database.db.account.create({ data: { email: `pages.${unique()}@example.test`, displayName: 'Pages Person' } });
    const caller = callerFor(account);
    expect(await caller.account.erasurePreview()).toEqual({ email: account.email, licenses: 0, orders: 0, renewingSubscriptions: [], sellerMemberships: [] });
    const refused = await caller.account.erase({ confirmEmail: 'someone.else@example.test' }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'BAD_REQUEST', cause: { apiCode: 'ValidationError', details: [expect.objectContaining({ Field: 'confirmEmail' })] } });
    expect((await database.db.account.findUniqueOrThrow({ where: { id: account.id } })).erasedAt).toBeNull();

    expect(await caller.account.erase({ confirmEmail: ` ${account.email.toUpperCase()} ` })).toEqual({ erased: true, licensesKept: 0, ordersKept: 0 });
    expect(await tablesHolding(database.db, account.email)).toEqual({});
  });

  it('needs a signed-in person', async () => {
    const anonymous = createCaller(createTrpcContext({ session: null }));
    await expect(anonymous.account.erase({ confirmEmail: 'x@example.test' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('npm run admin -- erase-buyer', () => {
  const admin = (...args: string[]) => runAdminCommand({ DATABASE_URL: database.url, APP_SECRET }, ...args);

  it('erases the account of the address and prints what it erased and kept as counts', async () => {
    const buyer = await buyerWithHistory();
    const result = await admin('erase-buyer', '--email', buyer.person.email.toUpperCase());
    expect(result.stderr).not.toContain('Error');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/Account \S+ erased; it is erased-[0-9a-f]{24}@erased\.invalid from now on\./);
    expect(result.stdout).toMatch(/orders pseudonymised: +2/);
    expect(result.stdout).toMatch(/refresh tokens deleted: 1/);
    expect(result.stdout).toContain('Kept under the pseudonym: 1 license(s)');
    await expectNoTraceOf(buyer);
    expect(await database.db.license.count({ where: { id: buyer.license.id } })).toBe(1);
  }, 90_000);

  it('an unknown address exits 1 saying so; a value that is no address exits 2', async () => {
    const unknown = await admin('erase-buyer', '--email', 'nobody.here@example.test');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No account has the address nobody.here@example.test');
    const bad = await admin('erase-buyer', '--email', 'not-an-address');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--email');
  }, 60_000);

  it('a seller’s member exits 1 with the reason', async () => {
    const member = await database.db.account.create({ data: { email: `cli.owner.${unique()}@example.test` } });
    await database.db.sellerMember.create({ data: { sellerId: seller.id, accountId: member.id, role: 'Admin' } });
    const refused = await admin('erase-buyer', '--email', member.email);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('Leave the seller first');
    expect((await database.db.account.findUniqueOrThrow({ where: { id: member.id } })).erasedAt).toBeNull();
  }, 60_000);
});
