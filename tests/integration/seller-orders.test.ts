import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LicenseClassification } from '@/server/catalog/catalog-enums';
import { sellerCustomersCsv } from '@/server/orders/customers-csv';
import { getSellerLicenseDetail } from '@/server/licensing/licenses/get-seller-license-detail';
import { getSalesSummary } from '@/server/orders/get-sales-summary';
import { getSellerOrder } from '@/server/orders/get-seller-order';
import { getSellerOverview } from '@/server/orders/get-seller-overview';
import { listSellerCustomers } from '@/server/orders/list-seller-customers';
import { listSellerOrders, ORDERS_PER_PAGE } from '@/server/orders/list-seller-orders';
import { sellerOrdersCsv } from '@/server/orders/orders-csv';
import { csvCell, csvText } from '@/server/orders/spreadsheet-safe-csv';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { createDisputeRow, createLicenseRow, createOrder, createRefundRow } from '../support/order-factories';
import { portalSignIn } from '../support/portal-session';
import { codeReader } from '../support/sign-in';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// The services behind the seller's sales pages (orders, customers, CSV exports, the overview) on a
// real database, and the export's refusals over HTTP.

let database: TestDatabase;
const ctx = () => ({ db: database.db });

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.drop();
});

async function sellerWithOffering(options: { productName?: string; currency?: string } = {}) {
  const seller = await createSeller(database.db);
  const product = await createProduct(database.db, seller.id, options.productName ? { name: options.productName } : {});
  const offering = await createOffering(database.db, product, { name: 'Pro', priceMinor: 4900, currency: options.currency ?? 'usd' });
  return { seller, product, offering };
}

const at = (iso: string) => new Date(iso);

describe('listSellerOrders', () => {
  it('finds by e-mail (buyer or checkout, any case), order id, session id or tenant id, filters by status, never another seller’s', async () => {
    const { seller, offering } = await sellerWithOffering();
    const other = await sellerWithOffering();
    const paid = await createOrder(database.db, offering, { buyerEmail: 'ada@orders.example', amountMinor: 4900, withLicense: true, createdAt: at('2026-03-01T10:00:00Z') });
    const failed = await createOrder(database.db, offering, { status: 'failed', customerEmail: 'bob@orders.example', amountMinor: 4900, createdAt: at('2026-03-02T10:00:00Z') });
    const embedded = await createOrder(database.db, offering, { status: 'pending', origin: 'embedded', correlationId: 'tenant-acme-1', customerEmail: 'carol@orders.example', createdAt: at('2026-03-03T10:00:00Z') });
    const bySession = await createOrder(database.db, offering, { processorSessionId: 'cs_test_orders_abc', amountMinor: 4900, createdAt: at('2026-03-04T10:00:00Z') });
    await createOrder(database.db, other.offering, { buyerEmail: 'ada@orders.example', amountMinor: 100, withLicense: true });
    await createOrder(database.db, other.offering, { origin: 'embedded', correlationId: 'tenant-acme-1' });

    const ids = async (query: { q?: string; status?: 'pending' | 'completed' | 'failed' }) => (await listSellerOrders(ctx(), { sellerId: seller.id, ...query })).rows.map((row) => row.id);
    expect(await ids({})).toEqual([bySession.checkout.id, embedded.checkout.id, failed.checkout.id, paid.checkout.id]);
    expect(await ids({ q: 'ADA@Orders' })).toEqual([paid.checkout.id]);
    expect(await ids({ q: 'bob@' })).toEqual([failed.checkout.id]);
    expect(await ids({ q: failed.checkout.id })).toEqual([failed.checkout.id]);
    expect(await ids({ q: 'cs_test_orders_abc' })).toEqual([bySession.checkout.id]);
    expect(await ids({ q: 'tenant-acme' })).toEqual([embedded.checkout.id]);
    expect(await ids({ q: 'acme' })).toEqual([]);
    expect(await ids({ status: 'failed' })).toEqual([failed.checkout.id]);
    expect(await ids({ status: 'pending', q: 'carol' })).toEqual([embedded.checkout.id]);

    const { rows } = await listSellerOrders(ctx(), { sellerId: seller.id });
    expect(rows.find((row) => row.id === paid.checkout.id)).toMatchObject({
      customerEmail: 'ada@orders.example',
      amountMinor: 4900,
      currency: 'usd',
      seats: 1,
      status: 'completed',
      channel: 'storefront or app',
      tenantId: null,
      licenseId: paid.license!.id,
      offeringName: 'Pro',
    });
    expect(rows.find((row) => row.id === embedded.checkout.id)).toMatchObject({ customerEmail: 'carol@orders.example', channel: 'seller backend', tenantId: 'tenant-acme-1', licenseId: null, status: 'pending' });
  });

  it('pages 25 at a time, newest first, keeping the filter; a page past the end is empty', async () => {
    const { seller, offering } = await sellerWithOffering();
    const made: string[] = [];
    for (let i = 0; i < ORDERS_PER_PAGE + 2; i++) made.push((await createOrder(database.db, offering, { createdAt: new Date(Date.UTC(2026, 2, 1, 0, i)) })).checkout.id);
    await createOrder(database.db, offering, { status: 'failed', createdAt: new Date(Date.UTC(2026, 2, 2)) });
    const first = await listSellerOrders(ctx(), { sellerId: seller.id, status: 'completed' });
    expect(first).toMatchObject({ total: ORDERS_PER_PAGE + 2, page: 1, pages: 2 });
    expect(first.rows.map((row) => row.id)).toEqual([...made].reverse().slice(0, ORDERS_PER_PAGE));
    const second = await listSellerOrders(ctx(), { sellerId: seller.id, status: 'completed', page: 2 });
    expect(second.rows.map((row) => row.id)).toEqual([made[1], made[0]]);
    expect((await listSellerOrders(ctx(), { sellerId: seller.id, page: 9 })).rows).toEqual([]);
  });
});

/** RFC 4180 as a spreadsheet reads it: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += char;
  }
  return rows;
}

describe('CSV exports', () => {
  it('quote per RFC 4180 and put a single quote before a cell a spreadsheet would run as a formula', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const start of ['=', '+', '-', '@', '\t']) expect(csvCell(`${start}SUM(A1:A9)`)).toBe(`'${start}SUM(A1:A9)`);
    expect(csvCell('\r1+1')).toBe(`"'\r1+1"`);
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csvCell(null)).toBe('');
    expect(csvCell(12)).toBe('12');
  });

  it('the orders export holds every order of the filter, seller-provided text neutralised, and nothing of another seller', async () => {
    const { seller, offering } = await sellerWithOffering({ productName: '=cmd|"/C calc"!A0' });
    const other = await sellerWithOffering();
    for (let i = 0; i < ORDERS_PER_PAGE + 3; i++) await createOrder(database.db, offering, { buyerEmail: `buyer${i}@csv.example`, amountMinor: 4900, quantity: 2, createdAt: new Date(Date.UTC(2026, 2, 1, 0, i)) });
    await createOrder(database.db, offering, { status: 'failed', customerEmail: '+31@csv.example', amountMinor: 4900 });
    await createOrder(database.db, other.offering, { buyerEmail: 'buyer0@csv.example', amountMinor: 100 });

    const rows = parseCsv(await csvText(sellerOrdersCsv(ctx(), { sellerId: seller.id, status: 'completed' })));
    expect(rows[0]).toEqual(['Order id', 'Created (UTC)', 'Completed (UTC)', 'Customer e-mail', 'Product', 'Offering', 'Seats', 'Amount', 'Tax', 'Discount', 'Discount code', 'Refunded', 'Currency', 'Status', 'Channel', 'Tenant id', 'License id']);
    expect(rows).toHaveLength(1 + ORDERS_PER_PAGE + 3);
    expect(rows[1]).toEqual([expect.any(String), '2026-03-01T00:27:00.000Z', '2026-03-01T00:27:00.000Z', 'buyer27@csv.example', `'=cmd|"/C calc"!A0`, 'Pro', '2', '49.00', '0.00', '0.00', '', '0.00', 'USD', 'completed', 'storefront or app', '', '']);
    expect(rows.some((row) => row[3] === 'buyer0@csv.example' && row[7] === '1.00')).toBe(false);

    const failed = parseCsv(await csvText(sellerOrdersCsv(ctx(), { sellerId: seller.id, status: 'failed' })));
    expect(failed[1]![3]).toBe(`'+31@csv.example`);
  });

  it('the orders export’s Refunded column holds what went back, pending or done, in the Amount column’s format (yen has no decimals); a refused refund is not in it', async () => {
    const { seller, offering } = await sellerWithOffering();
    const yen = await createOffering(database.db, { id: offering.productId, sellerId: seller.id }, { currency: 'jpy', priceMinor: 1200 });
    const partly = await createOrder(database.db, offering, { buyerEmail: 'partly@csv-refunds.example', amountMinor: 4900, createdAt: at('2026-03-01T10:00:00Z') });
    const whole = await createOrder(database.db, yen, { buyerEmail: 'whole@csv-refunds.example', amountMinor: 1200, currency: 'jpy', createdAt: at('2026-03-02T10:00:00Z') });
    await createOrder(database.db, offering, { buyerEmail: 'none@csv-refunds.example', amountMinor: 4900, createdAt: at('2026-03-03T10:00:00Z') });
    await createRefundRow(database.db, partly.checkout, { amountMinor: 1000 });
    await createRefundRow(database.db, partly.checkout, { amountMinor: 550, status: 'pending' });
    await createRefundRow(database.db, partly.checkout, { amountMinor: 700, status: 'failed' });
    await createRefundRow(database.db, whole.checkout, { amountMinor: 1200, licenseAction: 'revoke' });

    const rows = parseCsv(await csvText(sellerOrdersCsv(ctx(), { sellerId: seller.id })));
    const refundedOf = (email: string) => {
      const row = rows.find((cells) => cells[3] === email)!;
      return [row[7], row[11], row[12]];
    };
    expect(rows[0]![11]).toBe('Refunded');
    expect(refundedOf('partly@csv-refunds.example')).toEqual(['49.00', '15.50', 'USD']);
    expect(refundedOf('whole@csv-refunds.example')).toEqual(['1200', '1200', 'JPY']);
    expect(refundedOf('none@csv-refunds.example')).toEqual(['49.00', '0.00', 'USD']);
    // The list's rows carry it too, and its filters work as before.
    const { rows: listed } = await listSellerOrders(ctx(), { sellerId: seller.id, status: 'completed', q: 'partly@' });
    expect(listed.map((row) => [row.id, row.refundedMinor])).toEqual([[partly.checkout.id, 1550]]);
  });

  it('the customers export follows the page’s filter', async () => {
    const { seller, offering } = await sellerWithOffering();
    const holder = await database.db.account.create({ data: { email: 'holder@customers.example' } });
    const former = await database.db.account.create({ data: { email: '=former@customers.example' } });
    await createLicenseRow(database.db, offering, { buyerAccountId: holder.id, createdAt: at('2026-03-02T00:00:00Z') });
    await createLicenseRow(database.db, offering, { buyerAccountId: former.id, status: 'Cancelled', createdAt: at('2026-03-01T00:00:00Z') });

    expect((await listSellerCustomers(ctx(), { sellerId: seller.id })).rows.map((row) => row.email)).toEqual(['holder@customers.example', '=former@customers.example']);
    expect(await listSellerCustomers(ctx(), { sellerId: seller.id, holding: 'active' })).toMatchObject({ total: 1, rows: [{ email: 'holder@customers.example', activeLicenses: 1 }] });
    const all = parseCsv(await csvText(sellerCustomersCsv(ctx(), { sellerId: seller.id })));
    expect(all).toEqual([
      ['E-mail', 'Licenses', 'Active licenses', 'Customer since (UTC)'],
      ['holder@customers.example', '1', '1', '2026-03-02T00:00:00.000Z'],
      [`'=former@customers.example`, '1', '0', '2026-03-01T00:00:00.000Z'],
    ]);
    expect(parseCsv(await csvText(sellerCustomersCsv(ctx(), { sellerId: seller.id, holding: 'active' })))).toHaveLength(2);
  });
});

describe('getSellerOrder', () => {
  it('one order with its invoice number, license, refunds and disputes (oldest first) and what is left to refund; another seller’s order or an unknown id is NotFound', async () => {
    const { seller, offering } = await sellerWithOffering();
    const other = await sellerWithOffering();
    const order = await createOrder(database.db, offering, { buyerEmail: 'ada@order-page.example', amountMinor: 4900, withLicense: true, createdAt: at('2026-03-01T10:00:00Z') });
    await database.db.checkout.update({ where: { id: order.checkout.id }, data: { invoiceNumber: 42 } });
    await createRefundRow(database.db, order.checkout, { amountMinor: 1000, reason: 'Missing feature', createdAt: at('2026-03-02T10:00:00Z') });
    await createRefundRow(database.db, order.checkout, { amountMinor: 900, status: 'failed', createdAt: at('2026-03-03T10:00:00Z') });
    await createRefundRow(database.db, order.checkout, { amountMinor: 1500, status: 'pending', source: 'processor', licenseAction: 'revoke', createdAt: at('2026-03-04T10:00:00Z') });
    await createDisputeRow(database.db, order.checkout, { amountMinor: 2400, licenseId: order.license!.id, reason: 'fraudulent', openedAt: at('2026-03-05T10:00:00Z'), closed: { outcome: 'won', at: at('2026-03-20T10:00:00Z') } });
    await createDisputeRow(database.db, order.checkout, { amountMinor: 2400, licenseId: order.license!.id, reason: 'product_not_received', openedAt: at('2026-03-21T10:00:00Z') });
    await database.db.license.update({ where: { id: order.license!.id }, data: { status: 'Suspended', statusReason: 'Disputed' } });
    const theirs = await createOrder(database.db, other.offering, { buyerEmail: 'bob@order-page.example', amountMinor: 100, withLicense: true });

    const detail = await getSellerOrder(ctx(), { sellerId: seller.id, orderId: order.checkout.id });
    expect(detail).toMatchObject({
      id: order.checkout.id,
      orderNumber: 'INV-000042',
      invoiceNumber: 'INV-000042',
      customerEmail: 'ada@order-page.example',
      productName: expect.any(String),
      offeringName: 'Pro',
      seats: 1,
      amountMinor: 4900,
      refundedMinor: 2500,
      refundableMinor: 2400,
      currency: 'usd',
      status: 'completed',
      processor: 'local',
      licenseId: order.license!.id,
      license: { id: order.license!.id, status: 'Suspended', statusReason: 'Disputed' },
    });
    expect(detail.refunds).toEqual([
      { id: expect.any(String), createdAt: at('2026-03-02T10:00:00Z'), settledAt: at('2026-03-02T10:00:00Z'), amountMinor: 1000, currency: 'usd', status: 'succeeded', source: 'seller', licenseAction: 'keep', reason: 'Missing feature' },
      { id: expect.any(String), createdAt: at('2026-03-03T10:00:00Z'), settledAt: at('2026-03-03T10:00:00Z'), amountMinor: 900, currency: 'usd', status: 'failed', source: 'seller', licenseAction: 'keep', reason: null },
      { id: expect.any(String), createdAt: at('2026-03-04T10:00:00Z'), settledAt: null, amountMinor: 1500, currency: 'usd', status: 'pending', source: 'processor', licenseAction: 'revoke', reason: null },
    ]);
    expect(detail.disputes).toEqual([
      { id: expect.any(String), openedAt: at('2026-03-05T10:00:00Z'), closedAt: at('2026-03-20T10:00:00Z'), amountMinor: 2400, currency: 'usd', reason: 'fraudulent', status: 'won' },
      { id: expect.any(String), openedAt: at('2026-03-21T10:00:00Z'), closedAt: null, amountMinor: 2400, currency: 'usd', reason: 'product_not_received', status: 'open' },
    ]);

    // The same NotFound for another seller's order, an unknown id and an absurd one: ids cannot be probed.
    for (const orderId of [theirs.checkout.id, crypto.randomUUID(), 'x'.repeat(500), '']) {
      await expect(getSellerOrder(ctx(), { sellerId: seller.id, orderId })).rejects.toMatchObject({ code: 'NotFound' });
    }
    expect((await getSellerOrder(ctx(), { sellerId: other.seller.id, orderId: theirs.checkout.id })).id).toBe(theirs.checkout.id);

    // The license page says why the money moved it, and leads to this order.
    expect(await getSellerLicenseDetail(ctx(), { sellerId: seller.id, licenseId: order.license!.id })).toMatchObject({
      status: 'Suspended',
      statusReason: 'Disputed',
      order: { id: order.checkout.id, number: 'INV-000042' },
    });
  });

  it('an order that took no money, or is not paid, or was refunded in full has nothing left to refund; one without an invoice is named by its id', async () => {
    const { seller, offering } = await sellerWithOffering();
    const free = await createOrder(database.db, offering, { amountMinor: 0, withLicense: true });
    const pending = await createOrder(database.db, offering, { status: 'pending', amountMinor: 4900 });
    const failed = await createOrder(database.db, offering, { status: 'failed', amountMinor: 4900 });
    const refunded = await createOrder(database.db, offering, { amountMinor: 4900, withLicense: true });
    await createRefundRow(database.db, refunded.checkout, { amountMinor: 4900, licenseAction: 'revoke' });
    await database.db.license.update({ where: { id: refunded.license!.id }, data: { status: 'Cancelled', statusReason: 'Refunded' } });

    const read = (orderId: string) => getSellerOrder(ctx(), { sellerId: seller.id, orderId });
    expect(await read(free.checkout.id)).toMatchObject({ orderNumber: free.checkout.id, invoiceNumber: null, processor: 'none', refundableMinor: 0, refunds: [], disputes: [] });
    expect(await read(pending.checkout.id)).toMatchObject({ status: 'pending', refundableMinor: 0, license: null });
    expect(await read(failed.checkout.id)).toMatchObject({ status: 'failed', refundableMinor: 0 });
    expect(await read(refunded.checkout.id)).toMatchObject({ refundedMinor: 4900, refundableMinor: 0, license: { status: 'Cancelled', statusReason: 'Refunded' } });
    expect(await getSellerLicenseDetail(ctx(), { sellerId: seller.id, licenseId: free.license!.id })).toMatchObject({ statusReason: null, order: { id: free.checkout.id, number: free.checkout.id } });
  });
});

describe('getSalesSummary', () => {
  it('keeps revenue what the period’s orders charged and puts refunds made in the period on their own line, with revenue net of them per currency', async () => {
    const { seller, offering } = await sellerWithOffering();
    const other = await sellerWithOffering();
    const euro = await createOffering(database.db, { id: offering.productId, sellerId: seller.id }, { currency: 'eur', priceMinor: 2000 });
    const period = { from: '2026-03-01T00:00:00Z', to: '2026-04-01T00:00:00Z' };
    const inPeriod = await createOrder(database.db, offering, { amountMinor: 4900, settledAt: at('2026-03-05T10:00:00Z') });
    const inEuro = await createOrder(database.db, euro, { amountMinor: 2000, currency: 'eur', settledAt: at('2026-03-06T10:00:00Z') });
    const before = await createOrder(database.db, offering, { amountMinor: 9900, settledAt: at('2026-02-10T10:00:00Z') });
    const theirs = await createOrder(database.db, other.offering, { amountMinor: 7700, settledAt: at('2026-03-05T10:00:00Z') });
    await createRefundRow(database.db, inPeriod.checkout, { amountMinor: 1000, createdAt: at('2026-03-10T10:00:00Z') });
    await createRefundRow(database.db, inPeriod.checkout, { amountMinor: 500, status: 'pending', createdAt: at('2026-03-11T10:00:00Z') });
    await createRefundRow(database.db, inPeriod.checkout, { amountMinor: 300, status: 'failed', createdAt: at('2026-03-12T10:00:00Z') });
    // An order paid before the period, refunded in it: the refund counts when it was made.
    await createRefundRow(database.db, before.checkout, { amountMinor: 9900, licenseAction: 'revoke', createdAt: at('2026-03-15T10:00:00Z') });
    // Made after the period, and another seller's: not this summary's.
    await createRefundRow(database.db, inEuro.checkout, { amountMinor: 2000, createdAt: at('2026-04-02T10:00:00Z') });
    await createRefundRow(database.db, theirs.checkout, { amountMinor: 7700, createdAt: at('2026-03-15T10:00:00Z') });

    const summary = await getSalesSummary(ctx(), { sellerId: seller.id, ...period });
    expect(summary).toMatchObject({
      completedOrders: 2,
      paidOrders: 2,
      revenue: [
        { currency: 'usd', amount: 49 },
        { currency: 'eur', amount: 20 },
      ],
      refunded: [{ currency: 'usd', amount: 114 }],
      netRevenue: [
        { currency: 'eur', amount: 20 },
        { currency: 'usd', amount: -65 },
      ],
    });
    // A period without refunds: nothing on the line, and net equals revenue.
    const february = await getSalesSummary(ctx(), { sellerId: seller.id, from: '2026-02-01T00:00:00Z', to: '2026-03-01T00:00:00Z' });
    expect(february).toMatchObject({ revenue: [{ currency: 'usd', amount: 99 }], refunded: [], netRevenue: [{ currency: 'usd', amount: 99 }] });
  });
});

describe('getSellerOverview', () => {
  it('computes the 30 UTC days of revenue (main currency), orders and licenses in force from known rows', async () => {
    const now = at('2026-03-15T12:00:00Z');
    const { seller, offering } = await sellerWithOffering();
    const other = await sellerWithOffering();
    const euro = await createOffering(database.db, { id: offering.productId, sellerId: seller.id }, { currency: 'eur', priceMinor: 2000 });
    await createOrder(database.db, offering, { amountMinor: 4900, settledAt: at('2026-03-15T01:00:00Z') });
    await createOrder(database.db, offering, { amountMinor: 1000, settledAt: at('2026-03-14T23:59:59Z') });
    await createOrder(database.db, euro, { amountMinor: 2000, currency: 'eur', settledAt: at('2026-03-10T08:00:00Z') });
    await createOrder(database.db, offering, { amountMinor: 0, settledAt: at('2026-03-10T09:00:00Z') });
    await createOrder(database.db, offering, { amountMinor: 9999, settledAt: at('2026-02-13T23:00:00Z') });
    await createOrder(database.db, offering, { status: 'failed', amountMinor: 4900, createdAt: at('2026-03-01T10:00:00Z'), settledAt: at('2026-03-02T10:00:00Z') });
    await createOrder(database.db, offering, { status: 'pending', amountMinor: 4900, createdAt: at('2026-03-05T10:00:00Z') });
    await createOrder(database.db, other.offering, { amountMinor: 7777, settledAt: at('2026-03-15T02:00:00Z') });

    const ada = await database.db.account.create({ data: { email: 'ada@overview.example' } });
    const bob = await database.db.account.create({ data: { email: 'bob@overview.example' } });
    await createLicenseRow(database.db, offering, { buyerAccountId: ada.id, createdAt: at('2026-03-05T10:00:00Z') });
    await createLicenseRow(database.db, offering, { buyerAccountId: ada.id, status: 'Cancelled', createdAt: at('2026-02-01T00:00:00Z'), endedAt: at('2026-03-01T12:00:00Z') });
    await createLicenseRow(database.db, offering, { status: 'Expired', createdAt: at('2026-01-01T00:00:00Z'), endedAt: at('2026-02-10T00:00:00Z') });
    await createLicenseRow(database.db, offering, { buyerAccountId: bob.id, status: 'Suspended', createdAt: at('2026-03-10T23:00:00Z') });
    await createLicenseRow(database.db, other.offering, { buyerAccountId: bob.id });

    const overview = await getSellerOverview({ db: database.db, now }, { sellerId: seller.id });
    expect(overview.days).toHaveLength(30);
    expect([overview.days[0], overview.days[15], overview.days[29]]).toEqual(['2026-02-14', '2026-03-01', '2026-03-15']);
    const day = (iso: string) => overview.days.indexOf(iso);

    expect(overview.mainCurrency).toBe('usd');
    expect(overview.revenue).toEqual([
      { currency: 'usd', amountMinor: 5900 },
      { currency: 'eur', amountMinor: 2000 },
    ]);
    const revenue = Array(30).fill(0);
    revenue[day('2026-03-15')] = 4900;
    revenue[day('2026-03-14')] = 1000;
    expect(overview.revenuePerDay).toEqual(revenue);

    expect(overview.completedOrders).toBe(4);
    const orders = Array.from({ length: 30 }, () => ({ completed: 0, failed: 0 }));
    orders[day('2026-03-15')]!.completed = 1;
    orders[day('2026-03-14')]!.completed = 1;
    orders[day('2026-03-10')]!.completed = 2;
    orders[day('2026-03-02')]!.failed = 1;
    expect(overview.ordersPerDay).toEqual(orders);

    // The cancelled license counts through the day it ended; the suspended one has not ended.
    const inForce = overview.days.map((iso) => (iso <= '2026-03-01' ? 1 : 0) + (iso >= '2026-03-05' ? 1 : 0) + (iso >= '2026-03-10' ? 1 : 0));
    expect(overview.licensesPerDay).toEqual(inForce);
    expect(overview.activeLicenses).toBe(1);
    expect(overview.customers).toBe(2);
    expect(overview.setup).toEqual({ hasProduct: true, hasOffering: true, hasListedOffering: true, paidCheckoutReady: false, hasApiKey: false });
  });

  it('a new seller has zeros every day, its offerings’ currency, and a setup still to do', async () => {
    const seller = await createSeller(database.db);
    const overview = await getSellerOverview({ db: database.db }, { sellerId: seller.id });
    expect(overview).toMatchObject({ mainCurrency: 'usd', revenue: [{ currency: 'usd', amountMinor: 0 }], completedOrders: 0, activeLicenses: 0, customers: 0 });
    expect(overview.revenuePerDay.every((value) => value === 0)).toBe(true);
    expect(overview.licensesPerDay.every((value) => value === 0)).toBe(true);
    expect(overview.setup).toEqual({ hasProduct: false, hasOffering: false, hasListedOffering: false, paidCheckoutReady: false, hasApiKey: false });
  });
});

describe('the CSV export over HTTP', () => {
  let smtp: TestSmtpServer;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    server = await startTestServer({ databaseUrl: database.url, env: { SMTP_URL: smtp.url, SEED_DEMO: 'false' } });
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  it('a portal call without a session is 401 UNAUTHORIZED with its own sentence, never "an unexpected error", so the page can send the person to sign in', async () => {
    const response = await fetch(`${server.baseUrl}/api/trpc/apiKeys.list`);
    expect(response.status).toBe(401);
    const { error } = (await response.json()) as { error: { json: { message: string; data: { code: string; httpStatus: number; apiCode: string | null } } } };
    expect(error.json.data).toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401, apiCode: null });
    expect(error.json.message).toBe('Sign in first.');
  });

  it('a portal page opened without a session sends the person to sign in and back to that very page', async () => {
    const response = await fetch(`${server.baseUrl}/portal/orders?status=failed&q=a%40b.c`, { redirect: 'manual' });
    expect(response.status).toBe(307);
    const location = new URL(response.headers.get('location')!, server.baseUrl);
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('callbackUrl')).toBe('/portal/orders?status=failed&q=a%40b.c');
  });

  for (const path of ['/portal/orders/export', '/portal/customers/export']) {
    it(`${path} is refused without a portal session (401) and for a person who is no seller member (403), and is an attachment for a member`, async () => {
      const anonymous = await fetch(`${server.baseUrl}${path}`, { redirect: 'manual' });
      expect(anonymous.status).toBe(401);
      expect(await anonymous.text()).not.toContain(',');

      const nextCode = codeReader(smtp);
      const stranger = await portalSignIn(server.baseUrl, `stranger-${path.length}@export.example`, nextCode);
      const refused = await fetch(`${server.baseUrl}${path}`, { headers: { cookie: stranger }, redirect: 'manual' });
      expect(refused.status).toBe(403);

      const member = await portalSignIn(server.baseUrl, `member-${path.length}@export.example`, nextCode, { registerAs: 'Export Ltd' });
      const sellerId = (await database.db.sellerMember.findFirstOrThrow({ where: { account: { email: `member-${path.length}@export.example` } } })).sellerId;
      const product = await createProduct(database.db, sellerId, { name: 'Exported, "quoted"' });
      const offering = await createOffering(database.db, product, { name: 'Pro', classification: LicenseClassification.Perpetual, priceMinor: 4900 });
      await createOrder(database.db, offering, { buyerEmail: `buyer-${path.length}@export.example`, amountMinor: 4900, withLicense: true });
      const exported = await fetch(`${server.baseUrl}${path}`, { headers: { cookie: member } });
      expect(exported.status).toBe(200);
      expect(exported.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(exported.headers.get('content-disposition')).toMatch(/^attachment; filename="(orders|customers)-\d{4}-\d{2}-\d{2}\.csv"$/);
      const rows = parseCsv(await exported.text());
      expect(rows).toHaveLength(2);
      expect(rows[1]).toContain(`buyer-${path.length}@export.example`);
      if (path.includes('orders')) expect(rows[1]).toContain('Exported, "quoted"');
    });
  }
});
