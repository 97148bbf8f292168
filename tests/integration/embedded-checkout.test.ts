import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '@/server/api-keys/create-api-key';
import { CatalogStatus, LicenseClassification } from '@/server/catalog/catalog-enums';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// POST /licensing/checkout/embedded and POST /licensing/checkout/session/result over real HTTP,
// with the local processor (no STRIPE_SECRET_KEY) and a real SMTP server: the seller's backend
// creates checkouts with its API key; paid ones settle through the local hosted page's Pay,
// free and trial ones open a claim whose link is returned and e-mailed to CustomerEmail.

const APP_SECRET = crypto.randomBytes(32).toString('base64url');
const RETURN_URL = 'https://seller.example/after-checkout';
const REPLACED = 'Replaced by a newer checkout for the same offering and address.';

let database: TestDatabase;
let smtp: TestSmtpServer;
let server: TestServer;

type Seller = Awaited<ReturnType<typeof createSeller>>;
type Product = Awaited<ReturnType<typeof createProduct>>;
type Offering = Awaited<ReturnType<typeof createOffering>>;

interface Shop {
  seller: Seller;
  product: Product;
  key: string;
  /** Paid, one license of one seat. */
  paid: Offering;
  /** Paid, seat-based. */
  paidSeats: Offering;
  /** Free, one seat. */
  free: Offering;
  /** Free, seat-based. */
  freeSeats: Offering;
}

/** The main seller of this file (contact name "Ada Vendor", checkout-ready). */
let shop: Shop;
/** Another checkout-ready seller with its own key and offerings. */
let otherShop: Shop;

const uniqueAddress = (label: string) => `${label}-${crypto.randomBytes(4).toString('hex')}@example.test`;
const tokenOf = (claimUrl: string) => new URL(claimUrl).pathname.split('/').pop()!;

async function openShop(sellerData: Parameters<typeof createSeller>[1] = {}, productName?: string): Promise<Shop> {
  const seller = await createSeller(database.db, { checkoutReady: true, ...sellerData });
  const product = await createProduct(database.db, seller.id, productName ? { name: productName } : {});
  const [paid, paidSeats, free, freeSeats] = [
    await createOffering(database.db, product, { name: 'Pro', classification: LicenseClassification.Perpetual, priceMinor: 4900 }),
    await createOffering(database.db, product, { name: 'Team', classification: LicenseClassification.Perpetual, priceMinor: 1500, seatBased: true }),
    await createOffering(database.db, product, { name: 'Community', classification: LicenseClassification.Perpetual, priceMinor: null }),
    await createOffering(database.db, product, { name: 'Team Free', classification: LicenseClassification.Perpetual, priceMinor: null, seatBased: true }),
  ];
  const { key } = await createApiKey({ db: database.db }, { sellerId: seller.id, label: 'backend' });
  return { seller, product, key, paid, paidSeats, free, freeSeats };
}

beforeAll(async () => {
  [database, smtp] = await Promise.all([createTestDatabase(), startTestSmtpServer()]);
  server = await startTestServer({ databaseUrl: database.url, env: { SMTP_URL: smtp.url, APP_SECRET } });
  shop = await openShop({ contactName: 'Ada Vendor', legalName: 'Vendor Ltd' }, 'Tenant Suite');
  otherShop = await openShop({ contactName: 'Other Vendor' });
});

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  await database?.drop();
});

function postJson(path: string, body: unknown, key: string | null = shop.key) {
  return fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { 'dub-apiKey': key } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const postEmbedded = (body: unknown, key: string | null = shop.key) => postJson('/licensing/checkout/embedded', body, key);
const readResult = (sessionId: string, key: string = shop.key) => postJson('/licensing/checkout/session/result', { SessionId: sessionId }, key);
const pay = (sessionId: string) => fetch(`${server.baseUrl}/checkout/local/${sessionId}/pay`, { method: 'POST', redirect: 'manual' });
const cancel = (sessionId: string) => fetch(`${server.baseUrl}/checkout/local/${sessionId}/cancel`, { method: 'POST', redirect: 'manual' });

/** A valid create body for `offering` (a fresh RequestId and address unless given). */
const ask = (offering: Offering, extra: Record<string, unknown> = {}) => ({
  RequestId: crypto.randomUUID(),
  OfferingId: offering.id,
  CorrelationId: 'tenant-1',
  CustomerEmail: uniqueAddress('buyer'),
  ...extra,
});

interface Session {
  SessionId: string;
  SessionUrl: string | null;
  ClaimUrl?: string;
}

async function create(body: Record<string, unknown>, key: string = shop.key): Promise<Session> {
  const response = await postEmbedded(body, key);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Session;
}

async function expectError(response: Response, status: number, code: string) {
  const body = await response.json();
  expect({ status: response.status, body }).toMatchObject({ status, body: { Code: code } });
  return body as { Code: string; Message: string; Details?: { Code: string; Message: string; Field?: string }[] };
}

const claimEmailRows = (address: string) => database.db.email.findMany({ where: { to: address, kind: 'claim-link' }, orderBy: { createdAt: 'asc' } });

/**
 * The SMTP messages to `address` once every e-mail recorded for it has left the queue: the
 * deliver-email job marks a row sent only after the SMTP server accepted (and stored) the message,
 * so past this point no further message to the address is on its way.
 */
async function deliveredTo(address: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const queued = await database.db.email.count({ where: { to: address, status: 'queued' } });
    if (queued === 0) break;
    if (Date.now() > deadline) throw new Error(`${queued} e-mail(s) to ${address} still queued`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return smtp.messages.filter((mail) => mail.to === address);
}

describe('POST /licensing/checkout/embedded: validation', () => {
  it.each([
    ['CorrelationId', { CorrelationId: undefined }],
    ['OfferingId', { OfferingId: undefined }],
    ['CustomerEmail', { CustomerEmail: undefined }],
    ['CorrelationId', { CorrelationId: '' }],
    ['CorrelationId', { CorrelationId: 'c'.repeat(129) }],
    ['CustomerEmail', { CustomerEmail: 'not-an-address' }],
    ['CustomerEmail', { CustomerEmail: 'two@@example.test' }],
    ['RequestId', { RequestId: '00000000-0000-0000-0000-000000000000' }],
    ['RequestId', { RequestId: 'not-a-guid' }],
    ['ReturnUrl', { ReturnUrl: '/relative/return' }],
    ['SuccessUrl', { SuccessUrl: 'ftp://seller.example/x' }],
    ['CancelUrl', { CancelUrl: 'javascript:alert(1)' }],
    ['Quantity', { Quantity: 0 }],
    ['Quantity', { Quantity: 1001 }],
    ['Quantity', { Quantity: 2.5 }],
  ])('%s failing (%j) is 400 ValidationError with a Detail naming the field, and nothing is created', async (field, override) => {
    const body = { ...ask(shop.freeSeats), ...override };
    const response = await postEmbedded(body);
    const answer = await expectError(response, 400, 'ValidationError');
    expect(answer.Details).toContainEqual(expect.objectContaining({ Field: field, Code: expect.any(String), Message: expect.any(String) }));
    if (typeof body.RequestId === 'string' && /^[0-9a-f-]{36}$/.test(body.RequestId)) {
      expect(await database.db.checkout.count({ where: { requestId: body.RequestId } })).toBe(0);
    }
  });

  it('CorrelationId of exactly 128 characters is accepted', async () => {
    await create(ask(shop.paid, { CorrelationId: 'c'.repeat(128) }));
  });

  it('Quantity other than 1 on a non-seat offering is 400 ValidationError [{Code: NotSeatBased, Field: Quantity}], and nothing is created', async () => {
    const body = ask(shop.paid, { Quantity: 2 });
    const answer = await expectError(await postEmbedded(body), 400, 'ValidationError');
    expect(answer.Details).toEqual([{ Code: 'NotSeatBased', Message: expect.any(String), Field: 'Quantity' }]);
    expect(await database.db.checkout.count({ where: { requestId: body.RequestId } })).toBe(0);
    // Quantity 1 stated explicitly on a non-seat offering is fine.
    await create(ask(shop.paid, { Quantity: 1 }));
  });

  it('CustomerEmail is stored lower-cased', async () => {
    const address = uniqueAddress('Mixed.Case').replace('@example.test', '@Example.TEST');
    const session = await create(ask(shop.paid, { CustomerEmail: address }));
    expect((await database.db.checkout.findUniqueOrThrow({ where: { id: session.SessionId } })).customerEmail).toBe(address.toLowerCase());
  });

  it('an absent RequestId is generated: two creates without one are two checkouts', async () => {
    const { RequestId: _none, ...body } = ask(shop.paid);
    const first = await create(body);
    const second = await create(body);
    expect(first.SessionId).not.toBe(second.SessionId);
    const rows = await database.db.checkout.findMany({ where: { id: { in: [first.SessionId, second.SessionId] } } });
    expect(rows).toHaveLength(2);
    expect(rows[0]!.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(rows[0]!.requestId).not.toBe(rows[1]!.requestId);
  });

  it('a body of { is 400 InvalidPayload', async () => {
    await expectError(await postEmbedded('{'), 400, 'InvalidPayload');
  });

  it('no API key is 401 ApiKeyMissing, and nothing is created', async () => {
    const body = ask(shop.paid);
    await expectError(await postEmbedded(body, null), 401, 'ApiKeyMissing');
    expect(await database.db.checkout.count({ where: { requestId: body.RequestId } })).toBe(0);
  });

  it("IssuerClientId of another seller than the key's is 403 IssuerMismatch, and nothing is created; the key's own is accepted", async () => {
    const body = ask(shop.paid, { IssuerClientId: otherShop.seller.issuerClientId });
    await expectError(await postEmbedded(body), 403, 'IssuerMismatch');
    expect(await database.db.checkout.count({ where: { requestId: body.RequestId } })).toBe(0);
    // Not even with the other seller's own offering: the key decides.
    const theirs = ask(otherShop.paid, { IssuerClientId: otherShop.seller.issuerClientId });
    await expectError(await postEmbedded(theirs), 403, 'IssuerMismatch');
    expect(await database.db.checkout.count({ where: { requestId: theirs.RequestId } })).toBe(0);

    await create(ask(shop.paid, { IssuerClientId: shop.seller.issuerClientId }));
  });
});

describe('POST /licensing/checkout/embedded: which offerings the seller may sell', () => {
  it('an unlisted (private) active offering of the seller can be sold, paid and free', async () => {
    const privatePaid = await createOffering(database.db, shop.product, { listed: false, priceMinor: 2500 });
    const privateFree = await createOffering(database.db, shop.product, { listed: false, priceMinor: null });
    const paid = await create(ask(privatePaid));
    expect(paid.SessionUrl).toBe(`${server.baseUrl}/checkout/local/${paid.SessionId}`);
    const free = await create(ask(privateFree));
    expect(free.ClaimUrl).toMatch(new RegExp(`^${server.baseUrl}/claim/[A-Za-z0-9_-]+$`));
  });

  it.each([
    ['another seller’s offering', () => otherShop.paid.id],
    ['another seller’s free offering', () => otherShop.free.id],
    ['an unknown offering', () => 'no-such-offering'],
  ])('%s is 400 CheckoutFailed, and nothing is created', async (_name, offeringId) => {
    const body = { ...ask(shop.paid), OfferingId: offeringId() };
    await expectError(await postEmbedded(body), 400, 'CheckoutFailed');
    expect(await database.db.checkout.count({ where: { requestId: body.RequestId } })).toBe(0);
  });

  it('an archived offering, a draft offering, or an offering of an archived product is 400 CheckoutFailed', async () => {
    const archived = await createOffering(database.db, shop.product, { status: CatalogStatus.Archived, priceMinor: null });
    const draft = await createOffering(database.db, shop.product, { status: CatalogStatus.Draft, priceMinor: null });
    const archivedProduct = await createProduct(database.db, shop.seller.id, { status: CatalogStatus.Archived });
    const ofArchivedProduct = await createOffering(database.db, archivedProduct, { priceMinor: null });
    for (const offering of [archived, draft, ofArchivedProduct]) {
      const body = ask(offering);
      await expectError(await postEmbedded(body), 400, 'CheckoutFailed');
      expect(await database.db.checkout.count({ where: { requestId: body.RequestId } })).toBe(0);
    }
  });

  it('a paid offering of a seller that is not checkout-ready is 400 CheckoutFailed; its free offering still opens a claim', async () => {
    const notReady = await openShop({ checkoutReady: false });
    const body = ask(notReady.paid);
    const refused = await expectError(await postEmbedded(body, notReady.key), 400, 'CheckoutFailed');
    expect(refused.Message).toMatch(/paid checkouts/);
    expect(await database.db.checkout.count({ where: { requestId: body.RequestId } })).toBe(0);
    const free = await create(ask(notReady.free), notReady.key);
    expect(free.ClaimUrl).toEqual(expect.any(String));
  });
});

describe('POST /licensing/checkout/embedded: paid, on the local processor', () => {
  it('answers the local hosted page; the checkout is pending, with no license and no account for the address before paying', async () => {
    const address = uniqueAddress('payer');
    const session = await create(ask(shop.paid, { CustomerEmail: address, ReturnUrl: RETURN_URL }));
    expect(session).toEqual({ SessionId: expect.any(String), SessionUrl: `${server.baseUrl}/checkout/local/${session.SessionId}` });
    const checkout = await database.db.checkout.findUniqueOrThrow({ where: { id: session.SessionId } });
    expect(checkout).toMatchObject({ status: 'pending', origin: 'embedded', processor: 'local', sellerId: shop.seller.id, buyerAccountId: null, customerEmail: address });
    expect(await database.db.license.count({ where: { checkoutId: session.SessionId } })).toBe(0);
    expect(await database.db.account.findUnique({ where: { email: address } })).toBeNull();
    expect(await database.db.claimIntent.count({ where: { checkoutId: session.SessionId } })).toBe(0);

    const read = await readResult(session.SessionId);
    expect(read.status).toBe(200);
    expect(read.headers.get('retry-after')).toBe('3');
    expect(read.headers.get('cache-control')).toBe('no-store');
    expect(await read.json()).toEqual({ Status: 'pending', CorrelationId: null, EncodedCredential: null, LicenseId: null, OfferingId: null, Error: null });
  });

  it('Pay settles it: 303 to ReturnUrl?session_id=<id>, the result is completed on landing, and the account of CustomerEmail is created and owns the license', async () => {
    const address = uniqueAddress('payer');
    const session = await create(ask(shop.paid, { CustomerEmail: address, CorrelationId: 'tenant-42', ReturnUrl: RETURN_URL }));

    const paid = await pay(session.SessionId);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${RETURN_URL}?session_id=${session.SessionId}`);

    const read = await readResult(session.SessionId);
    expect(read.status).toBe(200);
    expect(read.headers.get('retry-after')).toBeNull();
    const result = await read.json();
    expect(result).toEqual({
      Status: 'completed',
      CorrelationId: 'tenant-42',
      EncodedCredential: expect.stringMatching(/^SVC_LIC_[A-Za-z0-9_-]+$/),
      LicenseId: expect.any(String),
      OfferingId: shop.paid.id,
      Error: null,
    });
    expect(result).not.toHaveProperty('SeatIds');

    const account = await database.db.account.findUniqueOrThrow({ where: { email: address } });
    const license = await database.db.license.findUniqueOrThrow({ where: { id: result.LicenseId }, include: { seats: true } });
    expect(license).toMatchObject({ checkoutId: session.SessionId, buyerAccountId: account.id, sellerId: shop.seller.id, offeringId: shop.paid.id, correlationId: 'tenant-42' });
    expect(license.seats).toHaveLength(1);
    expect(await database.db.checkout.findUniqueOrThrow({ where: { id: session.SessionId } })).toMatchObject({ status: 'completed', buyerAccountId: account.id });

    // Paying again mints nothing more and lands on ReturnUrl again.
    const again = await pay(session.SessionId);
    expect(again.headers.get('location')).toBe(`${RETURN_URL}?session_id=${session.SessionId}`);
    expect(await database.db.license.count({ where: { checkoutId: session.SessionId } })).toBe(1);
  });

  it('a seat-based offering with Quantity 3: the result names 3 SeatIds and no EncodedCredential', async () => {
    const address = uniqueAddress('team');
    const session = await create(ask(shop.paidSeats, { CustomerEmail: address, CorrelationId: 'tenant-3', Quantity: 3, ReturnUrl: RETURN_URL }));
    expect(await database.db.account.findUnique({ where: { email: address } })).toBeNull();
    expect((await readResult(session.SessionId).then((response) => response.json())).SeatIds).toEqual([]);

    expect((await pay(session.SessionId)).headers.get('location')).toBe(`${RETURN_URL}?session_id=${session.SessionId}`);
    const result = await (await readResult(session.SessionId)).json();
    expect(result).toMatchObject({ Status: 'completed', CorrelationId: 'tenant-3', EncodedCredential: null, OfferingId: shop.paidSeats.id, Error: null });
    expect(result.LicenseId).toEqual(expect.any(String));
    expect(result.SeatIds).toHaveLength(3);

    const account = await database.db.account.findUniqueOrThrow({ where: { email: address } });
    const license = await database.db.license.findUniqueOrThrow({ where: { id: result.LicenseId }, include: { seats: true } });
    expect(license.buyerAccountId).toBe(account.id);
    expect(license.correlationId).toBe('tenant-3');
    expect(license.seats.map((seat) => seat.id).sort()).toEqual([...result.SeatIds].sort());
  });

  it('the most seats (1,000) at the highest price (2,147,483,647 minor units) settles: the 64-bit amount is kept exact, and the license keeps the price of one seat', async () => {
    const product = await createProduct(database.db, shop.seller.id, { name: 'Enterprise Suite' });
    const dearest = await createOffering(database.db, product, { name: 'Enterprise', classification: LicenseClassification.Perpetual, priceMinor: 2_147_483_647, seatBased: true });
    const session = await create(ask(dearest, { Quantity: 1000, ReturnUrl: RETURN_URL }));
    const opened = await database.db.checkout.findUniqueOrThrow({ where: { id: session.SessionId } });
    expect(opened.amountMinor).toBe(2_147_483_647_000n);
    expect((await pay(session.SessionId)).status).toBe(303);
    const result = await (await readResult(session.SessionId)).json();
    expect(result).toMatchObject({ Status: 'completed', Error: null });
    expect(result.SeatIds).toHaveLength(1000);
    const license = await database.db.license.findUniqueOrThrow({ where: { id: result.LicenseId } });
    expect(license).toMatchObject({ unitPriceMinor: 2_147_483_647, currency: 'usd' });
  });

  it('a seat-based offering with one seat: SeatIds of one and an SVC_LIC_ EncodedCredential', async () => {
    const session = await create(ask(shop.paidSeats, { Quantity: 1, ReturnUrl: RETURN_URL }));
    expect((await pay(session.SessionId)).status).toBe(303);
    const result = await (await readResult(session.SessionId)).json();
    expect(result.Status).toBe('completed');
    expect(result.SeatIds).toHaveLength(1);
    expect(result.EncodedCredential).toMatch(/^SVC_LIC_[A-Za-z0-9_-]+$/);
  });

  it('without ReturnUrl, Pay goes to SuccessUrl?session_id=<id>; Cancel goes to CancelUrl?session_id=<id> and the result is failed', async () => {
    const bought = await create(ask(shop.paid, { SuccessUrl: 'https://seller.example/thanks?plan=pro', CancelUrl: 'https://seller.example/cancelled' }));
    const paid = await pay(bought.SessionId);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`https://seller.example/thanks?plan=pro&session_id=${bought.SessionId}`);

    const dropped = await create(ask(shop.paid, { SuccessUrl: 'https://seller.example/thanks', CancelUrl: 'https://seller.example/cancelled' }));
    const cancelled = await cancel(dropped.SessionId);
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(`https://seller.example/cancelled?session_id=${dropped.SessionId}`);
    const read = await readResult(dropped.SessionId);
    expect(read.status).toBe(200);
    expect(read.headers.get('retry-after')).toBeNull();
    expect(await read.json()).toEqual({ Status: 'failed', CorrelationId: null, EncodedCredential: null, LicenseId: null, OfferingId: null, Error: 'Payment was cancelled.' });
  });
});

describe('POST /licensing/checkout/embedded: free and trial, the claim', () => {
  it('answers a ClaimUrl and no SessionUrl; the result stays pending (Retry-After: 3, no-store); one open intent for seven days', async () => {
    const address = uniqueAddress('claimer');
    const response = await postEmbedded(ask(shop.freeSeats, { CustomerEmail: address, Quantity: 3 }));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const session = (await response.json()) as Session;
    expect(session).toEqual({ SessionId: expect.any(String), SessionUrl: null, ClaimUrl: expect.stringMatching(new RegExp(`^${server.baseUrl}/claim/[A-Za-z0-9_-]+$`)) });

    const checkout = await database.db.checkout.findUniqueOrThrow({ where: { id: session.SessionId }, include: { claimIntent: true } });
    expect(checkout).toMatchObject({ status: 'pending', processor: 'none', buyerAccountId: null, quantity: 3 });
    expect(checkout.claimIntent).toMatchObject({ status: 'open', email: address, sellerId: shop.seller.id, offeringId: shop.freeSeats.id });
    const validity = checkout.claimIntent!.expiresAt.getTime() - checkout.claimIntent!.createdAt.getTime();
    expect(validity).toBe(7 * 24 * 60 * 60 * 1000);
    expect(await database.db.license.count({ where: { checkoutId: session.SessionId } })).toBe(0);
    expect(await database.db.account.findUnique({ where: { email: address } })).toBeNull();

    const read = await readResult(session.SessionId);
    expect(read.status).toBe(200);
    expect(read.headers.get('retry-after')).toBe('3');
    expect(read.headers.get('cache-control')).toBe('no-store');
    expect(await read.json()).toEqual({ Status: 'pending', CorrelationId: null, EncodedCredential: null, LicenseId: null, OfferingId: null, SeatIds: [], Error: null });
  });

  it('the ClaimToken row keeps only an HMAC of the token, never the token', async () => {
    const session = await create(ask(shop.free));
    const token = tokenOf(session.ClaimUrl!);
    const intent = await database.db.claimIntent.findUniqueOrThrow({ where: { checkoutId: session.SessionId }, include: { tokens: true } });
    expect(intent.tokens).toHaveLength(1);
    const row = intent.tokens[0]!;
    expect(row.tokenHash).not.toBe(token);
    expect(row.tokenHash).not.toContain(token);
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.usedAt).toBeNull();
    const checkout = await database.db.checkout.findUniqueOrThrow({ where: { id: session.SessionId } });
    expect(JSON.stringify([row, intent, checkout], (_key, value) => (typeof value === 'bigint' ? String(value) : value))).not.toContain(token);
  });

  it('a trial offering takes the claim path even with a price', async () => {
    const trial = await createOffering(database.db, shop.product, { classification: LicenseClassification.Trial, priceMinor: 900 });
    const session = await create(ask(trial));
    expect(session.SessionUrl).toBeNull();
    expect(session.ClaimUrl).toEqual(expect.any(String));
  });

  it.each([
    ['the contact name', { contactName: 'Grace Contact', legalName: 'Grace Legal Ltd' }, 'Grace Contact'],
    ['the legal name when there is no contact name', { contactName: null, legalName: 'Grace Legal Ltd' }, 'Grace Legal Ltd'],
    ['"a seller on the service" without either', { contactName: null, legalName: null }, 'a seller on the service'],
  ])('the claim e-mail arrives over SMTP, subject "Accept your <product> license from <seller>" with %s', async (_what, names, sellerName) => {
    const seller = await openShop(names, 'Widget Pro');
    const address = uniqueAddress('mailed');
    const session = await create(ask(seller.free, { CustomerEmail: address }), seller.key);
    const mail = await smtp.waitForMail((message) => message.to === address);
    expect(mail.subject).toBe(`Accept your Widget Pro license from ${sellerName}`);
    expect(mail.text).toContain(session.ClaimUrl);
    const rows = await claimEmailRows(address);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.subject).toBe(`Accept your Widget Pro license from ${sellerName}`);
    // With SMTP, the row keeps no body (it carries the claim link).
    expect(rows[0]!.text).toBeNull();
    expect(rows[0]!.html).toBeNull();
  });
});

describe('POST /licensing/checkout/embedded: replays by RequestId', () => {
  it('a free replay answers the same SessionId with a new ClaimUrl and sends no second e-mail; the earlier link stays valid', async () => {
    const address = uniqueAddress('replayed');
    const body = ask(shop.free, { CustomerEmail: address });
    const first = await create(body);
    await smtp.waitForMail((message) => message.to === address);

    const again = await create(body);
    expect(again.SessionId).toBe(first.SessionId);
    expect(again.SessionUrl).toBeNull();
    expect(again.ClaimUrl).toEqual(expect.any(String));
    expect(again.ClaimUrl).not.toBe(first.ClaimUrl);

    expect(await claimEmailRows(address)).toHaveLength(1);
    const delivered = await deliveredTo(address);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.text).toContain(first.ClaimUrl);

    // One checkout, one open intent, two live tokens.
    expect(await database.db.checkout.count({ where: { requestId: body.RequestId } })).toBe(1);
    const intent = await database.db.claimIntent.findUniqueOrThrow({ where: { checkoutId: first.SessionId }, include: { tokens: true } });
    expect(intent.status).toBe('open');
    expect(intent.tokens).toHaveLength(2);
    expect(intent.tokens.every((token) => token.usedAt === null)).toBe(true);
  });

  it('a paid replay answers the same SessionId and SessionUrl, also after a new landing URL', async () => {
    const body = ask(shop.paid, { ReturnUrl: RETURN_URL });
    const first = await create(body);
    expect(await create(body)).toEqual(first);
    expect(await create({ ...body, ReturnUrl: 'https://seller.example/elsewhere' })).toEqual(first);
    expect(await database.db.checkout.count({ where: { requestId: body.RequestId } })).toBe(1);
  });

  it('a replay with another Quantity, OfferingId, CorrelationId or CustomerEmail is 409 RequestIdMismatch, and nothing is created', async () => {
    const address = uniqueAddress('mismatch');
    const body = ask(shop.freeSeats, { CustomerEmail: address, Quantity: 2 });
    const first = await create(body);
    const [checkouts, intents, tokens, emails] = await Promise.all([
      database.db.checkout.count(),
      database.db.claimIntent.count(),
      database.db.claimToken.count(),
      database.db.email.count(),
    ]);
    for (const changed of [
      { Quantity: 3 },
      { Quantity: undefined },
      { OfferingId: shop.free.id, Quantity: undefined },
      { CorrelationId: 'tenant-2' },
      { CustomerEmail: uniqueAddress('someone-else') },
    ]) {
      const answer = await expectError(await postEmbedded({ ...body, ...changed }), 409, 'RequestIdMismatch');
      expect(answer.Message).toEqual(expect.any(String));
    }
    expect(await database.db.checkout.count()).toBe(checkouts);
    expect(await database.db.claimIntent.count()).toBe(intents);
    expect(await database.db.claimToken.count()).toBe(tokens);
    expect(await database.db.email.count()).toBe(emails);
    expect((await database.db.claimIntent.findUniqueOrThrow({ where: { checkoutId: first.SessionId } })).status).toBe('open');
  });

  it('the same address in another letter case is the same ask', async () => {
    const address = uniqueAddress('casing');
    const body = ask(shop.paid, { CustomerEmail: address });
    const first = await create(body);
    expect((await create({ ...body, CustomerEmail: address.toUpperCase() })).SessionId).toBe(first.SessionId);
  });

  it('a RequestId used by another seller is 409 RequestIdInUse', async () => {
    const body = ask(otherShop.paid);
    await create(body, otherShop.key);
    await expectError(await postEmbedded({ ...body, OfferingId: shop.paid.id }), 409, 'RequestIdInUse');
    // Even asking for the very same (other seller's) offering.
    await expectError(await postEmbedded(body), 409, 'RequestIdInUse');
    expect(await database.db.checkout.count({ where: { requestId: body.RequestId } })).toBe(1);
  });

  it('a RequestId of a purchase-API checkout is 409 RequestIdInUse', async () => {
    const buyer = await database.db.account.create({ data: { email: uniqueAddress('app-buyer') } });
    const purchase = await database.db.checkout.create({
      data: { requestId: crypto.randomUUID(), origin: 'purchase', sellerId: shop.seller.id, offeringId: shop.paid.id, buyerAccountId: buyer.id, processor: 'none', status: 'completed' },
    });
    await expectError(await postEmbedded(ask(shop.paid, { RequestId: purchase.requestId, CustomerEmail: buyer.email })), 409, 'RequestIdInUse');
    expect(await database.db.checkout.count({ where: { requestId: purchase.requestId } })).toBe(1);
  });
});

describe('POST /licensing/checkout/embedded: the claim e-mail limit', () => {
  it('the sixth claim e-mail within an hour to one address (across sellers) is withheld; all six creates answer 200 with a ClaimUrl', async () => {
    const address = uniqueAddress('popular');
    const third = await openShop({ contactName: 'Third Vendor' });
    const creates: [Offering, string][] = [
      [shop.free, shop.key],
      [shop.freeSeats, shop.key],
      [otherShop.free, otherShop.key],
      [otherShop.freeSeats, otherShop.key],
      [third.free, third.key],
      [third.freeSeats, third.key],
    ];
    const sessions: Session[] = [];
    for (const [offering, key] of creates) sessions.push(await create(ask(offering, { CustomerEmail: address }), key));

    expect(sessions.every((session) => session.SessionUrl === null && typeof session.ClaimUrl === 'string')).toBe(true);
    expect(new Set(sessions.map((session) => session.SessionId)).size).toBe(6);
    // Every claim is open, the sixth too: only its e-mail is withheld.
    expect(await database.db.claimIntent.count({ where: { email: address, status: 'open' } })).toBe(6);
    // Every claim's e-mail is recorded with it; the sixth is recorded withheld (no body) and never queued for the sender.
    const delivered = await deliveredTo(address);
    const rows = await claimEmailRows(address);
    expect(rows).toHaveLength(6);
    expect(rows.filter((row) => row.status === 'sent')).toHaveLength(5);
    expect(rows.filter((row) => row.status === 'withheld')).toEqual([expect.objectContaining({ content: null, error: expect.stringContaining('claimEmail') })]);
    expect(delivered).toHaveLength(5);
    const sixthToken = tokenOf(sessions[5]!.ClaimUrl!);
    expect(delivered.some((mail) => mail.text.includes(sixthToken))).toBe(false);
  });
});

describe('POST /licensing/checkout/embedded: concurrency', () => {
  it('20 concurrent paid creates with one RequestId make one checkout, all 200 with the same SessionId', async () => {
    const body = ask(shop.paid);
    const responses = await Promise.all(Array.from({ length: 20 }, () => postEmbedded(body)));
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    const sessions = (await Promise.all(responses.map((response) => response.json()))) as Session[];
    expect(new Set(sessions.map((session) => session.SessionId)).size).toBe(1);
    expect(sessions.every((session) => session.SessionUrl === `${server.baseUrl}/checkout/local/${sessions[0]!.SessionId}`)).toBe(true);
    expect(await database.db.checkout.count({ where: { requestId: body.RequestId } })).toBe(1);
  });

  it('20 concurrent free creates with one RequestId make one checkout, one intent and one e-mail, all 200 with the same SessionId', async () => {
    const address = uniqueAddress('racer');
    const body = ask(shop.freeSeats, { CustomerEmail: address, Quantity: 4 });
    const responses = await Promise.all(Array.from({ length: 20 }, () => postEmbedded(body)));
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    const sessions = (await Promise.all(responses.map((response) => response.json()))) as Session[];
    expect(new Set(sessions.map((session) => session.SessionId)).size).toBe(1);
    expect(sessions.every((session) => session.SessionUrl === null && typeof session.ClaimUrl === 'string')).toBe(true);
    expect(new Set(sessions.map((session) => session.ClaimUrl)).size).toBe(20);
    expect(await database.db.checkout.count({ where: { requestId: body.RequestId } })).toBe(1);
    expect(await database.db.claimIntent.count({ where: { email: address } })).toBe(1);
    expect(await claimEmailRows(address)).toHaveLength(1);
  });

  it('two concurrent creates (new RequestIds) for one seller, offering and address leave exactly one open intent; the other checkout failed as replaced', async () => {
    const address = uniqueAddress('double');
    const [a, b] = await Promise.all([create(ask(shop.free, { CustomerEmail: address })), create(ask(shop.free, { CustomerEmail: address }))]);
    expect(a.SessionId).not.toBe(b.SessionId);

    const intents = await database.db.claimIntent.findMany({ where: { sellerId: shop.seller.id, offeringId: shop.free.id, email: address } });
    expect(intents).toHaveLength(2);
    const open = intents.filter((intent) => intent.status === 'open');
    expect(open).toHaveLength(1);
    const replaced = intents.find((intent) => intent.status !== 'open')!;
    expect(replaced.status).toBe('superseded');

    const loser = await readResult(replaced.checkoutId);
    expect(loser.status).toBe(200);
    expect(loser.headers.get('retry-after')).toBeNull();
    expect(await loser.json()).toEqual({ Status: 'failed', CorrelationId: null, EncodedCredential: null, LicenseId: null, OfferingId: null, Error: REPLACED });
    const winner = await (await readResult(open[0]!.checkoutId)).json();
    expect(winner.Status).toBe('pending');
  });

  it('a later create for the same seller, offering and address supersedes the open claim', async () => {
    const address = uniqueAddress('newer');
    const older = await create(ask(shop.freeSeats, { CustomerEmail: address, CorrelationId: 'tenant-old' }));
    const newer = await create(ask(shop.freeSeats, { CustomerEmail: address, CorrelationId: 'tenant-new' }));
    expect((await database.db.claimIntent.findUniqueOrThrow({ where: { checkoutId: older.SessionId } })).status).toBe('superseded');
    expect((await database.db.claimIntent.findUniqueOrThrow({ where: { checkoutId: newer.SessionId } })).status).toBe('open');
    expect(await (await readResult(older.SessionId)).json()).toMatchObject({ Status: 'failed', Error: REPLACED });
    // Another offering or another address is not a replacement.
    const sideBySide = await create(ask(shop.free, { CustomerEmail: address }));
    expect((await database.db.claimIntent.findUniqueOrThrow({ where: { checkoutId: sideBySide.SessionId } })).status).toBe('open');
    expect((await database.db.claimIntent.findUniqueOrThrow({ where: { checkoutId: newer.SessionId } })).status).toBe('open');
  });
});

describe('POST /licensing/checkout/session/result: what is not found', () => {
  it('an unknown id is 404 NotFound', async () => {
    await expectError(await readResult(crypto.randomUUID()), 404, 'NotFound');
    await expectError(await readResult('not-a-checkout'), 404, 'NotFound');
  });

  it("another seller's session is 404 NotFound", async () => {
    const theirs = await create(ask(otherShop.paid), otherShop.key);
    expect((await readResult(theirs.SessionId, otherShop.key)).status).toBe(200);
    await expectError(await readResult(theirs.SessionId), 404, 'NotFound');
  });

  it("a purchase-API checkout, even of the key's own seller, is 404 NotFound", async () => {
    const buyer = await database.db.account.create({ data: { email: uniqueAddress('app-buyer') } });
    const purchase = await database.db.checkout.create({
      data: { requestId: crypto.randomUUID(), origin: 'purchase', sellerId: shop.seller.id, offeringId: shop.free.id, buyerAccountId: buyer.id, processor: 'none' },
    });
    await expectError(await readResult(purchase.id), 404, 'NotFound');
  });

  it('a session older than 90 days is 404 NotFound', async () => {
    const session = await create(ask(shop.paid));
    await database.db.checkout.update({ where: { id: session.SessionId }, data: { createdAt: new Date(Date.now() - 91 * 24 * 60 * 60 * 1000) } });
    await expectError(await readResult(session.SessionId), 404, 'NotFound');
  });

  it('no API key is 401 ApiKeyMissing; no SessionId is 400 ValidationError naming SessionId', async () => {
    const session = await create(ask(shop.paid));
    await expectError(await postJson('/licensing/checkout/session/result', { SessionId: session.SessionId }, null), 401, 'ApiKeyMissing');
    const answer = await expectError(await postJson('/licensing/checkout/session/result', {}), 400, 'ValidationError');
    expect(answer.Details).toContainEqual(expect.objectContaining({ Field: 'SessionId' }));
  });
});
