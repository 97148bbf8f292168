import { describe, expect, it } from 'vitest';
import { CUSTOMER_CSV_HEADER, customerCsvCells } from '@/server/orders/customers-csv';
import type { SellerCustomer } from '@/server/orders/list-seller-customers';
import type { SellerOrderRow } from '@/server/orders/list-seller-orders';
import { ORDER_CSV_HEADER, orderCsvCells } from '@/server/orders/orders-csv';
import { csvCell, csvStream, csvText } from '@/server/orders/spreadsheet-safe-csv';

// The portal's CSV exports (RFC 4180, CRLF, spreadsheet-safe). The expected texts are what the
// exports wrote before they were written by csv-stringify, byte for byte (the orders'
// columns Tax, Discount, Discount code and Refunded added since, the amounts in the Amount column's format).

async function* rowsOf<T>(items: T[]): AsyncIterable<T> {
  for (const item of items) yield item;
}

const order: SellerOrderRow = {
  id: 'ord_1',
  createdAt: new Date(Date.UTC(2026, 2, 1, 8, 30)),
  completedAt: null,
  customerEmail: '@buyer@example.com',
  productName: '=HYPERLINK("http://evil.example","Pro")',
  offeringName: 'Pro, yearly\r\n"best" plan',
  seats: 3,
  amountMinor: 123456,
  discount: null,
  taxMinor: 0,
  refundedMinor: 0,
  currency: 'jpy',
  status: 'completed',
  channel: 'storefront or app',
  tenantId: '-tenant',
  licenseId: null,
  processorSessionId: null,
};

describe('CSV exports', () => {
  it('an order row with a formula-looking cell, commas, quotes and line breaks is written as before, its discount and refunded amounts formatted like its amount', async () => {
    const second: SellerOrderRow = {
      ...order,
      id: 'ord_2',
      completedAt: new Date(Date.UTC(2026, 2, 1, 9)),
      customerEmail: null,
      productName: '\tTab',
      offeringName: 'two\nlines',
      amountMinor: 4900,
      discount: { code: 'LAUNCH-20', amountMinor: 1225 },
      taxMinor: 782,
      refundedMinor: 1550,
      currency: 'usd',
      tenantId: '+1',
      licenseId: 'lic_1',
    };
    expect(await csvText(csvStream(ORDER_CSV_HEADER, rowsOf([order, second]), orderCsvCells))).toBe(
      'Order id,Created (UTC),Completed (UTC),Customer e-mail,Product,Offering,Seats,Amount,Tax,Discount,Discount code,Refunded,Currency,Status,Channel,Tenant id,License id\r\n' +
        `ord_1,2026-03-01T08:30:00.000Z,,'@buyer@example.com,"'=HYPERLINK(""http://evil.example"",""Pro"")","Pro, yearly\r\n""best"" plan",3,123456,0,0,,0,JPY,completed,storefront or app,'-tenant,\r\n` +
        `ord_2,2026-03-01T08:30:00.000Z,2026-03-01T09:00:00.000Z,,'\tTab,"two\nlines",3,49.00,7.82,12.25,LAUNCH-20,15.50,USD,completed,storefront or app,'+1,lic_1\r\n`,
    );
  });

  it('a customer row is written as before, and an export of no rows is its header line', async () => {
    const customer: SellerCustomer = { email: '-1+1@example.com', licenses: 2, activeLicenses: 0, firstLicenseAt: new Date(Date.UTC(2025, 11, 31, 23, 59, 59)) };
    expect(await csvText(csvStream(CUSTOMER_CSV_HEADER, rowsOf([customer]), customerCsvCells))).toBe(
      "E-mail,Licenses,Active licenses,Customer since (UTC)\r\n'-1+1@example.com,2,0,2025-12-31T23:59:59.000Z\r\n",
    );
    expect(await csvText(csvStream(CUSTOMER_CSV_HEADER, rowsOf<SellerCustomer>([]), customerCsvCells))).toBe('E-mail,Licenses,Active licenses,Customer since (UTC)\r\n');
  });

  it('guards text cells only: a negative number stays a number; the full-width formula signs are guarded too', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('\uFF1D1+1')).toBe("'\uFF1D1+1");
    expect(csvCell('cr\ronly')).toBe('"cr\ronly"');
    expect(csvCell('')).toBe('');
    expect(csvCell(undefined)).toBe('');
  });
});
