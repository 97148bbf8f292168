import { minorUnitDigits, toBaseRate } from '../../catalog/money';
import type { Db } from '../../db';
import { CUSTOMER_CSV_HEADER, customerCsvCells } from '../../orders/customers-csv';
import { iterateSellerCustomers } from '../../orders/list-seller-customers';
import { iterateSellerOrders } from '../../orders/list-seller-orders';
import { usagePerLicenseAndDay } from '../../consumption/usage-days';
import { ORDER_CSV_HEADER, orderCsvCells } from '../../orders/orders-csv';
import type { CsvValue } from '../../orders/spreadsheet-safe-csv';

// The files of a seller's data export (docs/buyers-and-sellers.md "Exporting your data"): each one a
// header and its rows, read from the database a page at a time (by id, so a page never repeats or
// skips a row) and never held whole. Orders and customers are the very columns of the portal's own
// CSV downloads: their mappers are reused, not copied.

/** Rows read per statement. */
const EXPORT_PAGE_SIZE = 1_000;

export interface ExportFile {
  name: string;
  header: readonly string[];
  /** The rows this file will have, counted before it is written (for the progress); a close estimate is enough. */
  count(ctx: { db: Db }, sellerId: string): Promise<number>;
  rows(ctx: { db: Db }, sellerId: string): AsyncIterable<readonly CsvValue[]>;
}

const CLASSIFICATIONS = ['trial', 'subscription', 'perpetual'] as const;
const INTERVAL_UNITS = ['day', 'week', 'month', 'year'] as const;
const CATALOG_STATUSES = ['draft', 'active', 'archived'] as const;

const nameOf = (names: readonly string[], value: number | null) => (value === null ? null : (names[value] ?? String(value)));
const utc = (date: Date | null | undefined) => date?.toISOString();
/** An amount as a decimal in its currency's own digits ("49.00", "1200" for yen), as orders.csv writes it. */
const decimalAmount = (amountMinor: number, currency: string) => toBaseRate(amountMinor, currency)!.toFixed(minorUnitDigits(currency));

/** Every row of a model the seller owns, `EXPORT_PAGE_SIZE` at a time, by ascending id. */
async function* pagesById<T extends { id: string }>(readPage: (after: string | undefined) => Promise<T[]>): AsyncGenerator<T> {
  let after: string | undefined;
  for (;;) {
    const page = await readPage(after);
    yield* page;
    if (page.length < EXPORT_PAGE_SIZE) return;
    after = page.at(-1)!.id;
  }
}

const afterId = (after: string | undefined) => (after ? { id: { gt: after } } : {});

const products: ExportFile = {
  name: 'products.csv',
  header: ['Product id', 'Name', 'Description', 'Status', 'Created (UTC)'],
  count: ({ db }, sellerId) => db.product.count({ where: { sellerId } }),
  async *rows({ db }, sellerId) {
    const rows = pagesById((after) => db.product.findMany({ where: { sellerId, ...afterId(after) }, orderBy: { id: 'asc' }, take: EXPORT_PAGE_SIZE }));
    for await (const product of rows) yield [product.id, product.name, product.description, nameOf(CATALOG_STATUSES, product.status), utc(product.createdAt)];
  },
};

const offerings: ExportFile = {
  name: 'offerings.csv',
  header: ['Offering id', 'Product id', 'Name', 'Status', 'Classification', 'Price', 'Currency', 'Other prices', 'Interval', 'Interval unit', 'Seat based', 'Listed', 'Trial days', 'Created (UTC)'],
  count: ({ db }, sellerId) => db.offering.count({ where: { sellerId } }),
  async *rows({ db }, sellerId) {
    const rows = pagesById((after) =>
      db.offering.findMany({ where: { sellerId, ...afterId(after) }, orderBy: { id: 'asc' }, take: EXPORT_PAGE_SIZE, include: { prices: { orderBy: { currency: 'asc' } } } }),
    );
    for await (const offering of rows) {
      yield [
        offering.id,
        offering.productId,
        offering.name,
        nameOf(CATALOG_STATUSES, offering.status),
        nameOf(CLASSIFICATIONS, offering.classification),
        offering.priceMinor === null ? null : decimalAmount(offering.priceMinor, offering.currency),
        offering.currency.toUpperCase(),
        // "EUR 45.00; GBP 39.00": the prices in the offering's other currencies.
        offering.prices.map((price) => `${price.currency.toUpperCase()} ${decimalAmount(price.amountMinor, price.currency)}`).join('; '),
        offering.interval,
        nameOf(INTERVAL_UNITS, offering.intervalUnit),
        offering.seatBased ? 'yes' : 'no',
        offering.listed ? 'yes' : 'no',
        offering.trialDays,
        utc(offering.createdAt),
      ];
    }
  },
};

const features: ExportFile = {
  name: 'features.csv',
  header: ['Feature id', 'Offering id', 'Key', 'Display name', 'Rate', 'Allowance', 'Allowance period', 'Rate limit (per minute)', 'Access'],
  count: ({ db }, sellerId) => db.feature.count({ where: { offering: { sellerId } } }),
  async *rows({ db }, sellerId) {
    const rows = pagesById((after) => db.feature.findMany({ where: { offering: { sellerId }, ...afterId(after) }, orderBy: { id: 'asc' }, take: EXPORT_PAGE_SIZE }));
    for await (const feature of rows) {
      yield [
        feature.id,
        feature.offeringId,
        feature.key,
        feature.displayName,
        feature.rate.toString(),
        feature.allowance,
        nameOf(INTERVAL_UNITS, feature.allowancePeriodUnit),
        feature.rateLimit,
        feature.accessLevel,
      ];
    }
  },
};

const customers: ExportFile = {
  name: 'customers.csv',
  header: CUSTOMER_CSV_HEADER,
  count: async ({ db }, sellerId) => {
    const [row] = await db.$queryRaw<{ count: bigint }[]>`SELECT count(DISTINCT "buyerAccountId") AS "count" FROM "License" WHERE "sellerId" = ${sellerId}`;
    return Number(row?.count ?? 0);
  },
  async *rows(ctx, sellerId) {
    for await (const customer of iterateSellerCustomers(ctx, { sellerId })) yield customerCsvCells(customer);
  },
};

const licenses: ExportFile = {
  name: 'licenses.csv',
  header: ['License id', 'Product', 'Offering', 'Customer e-mail', 'Status', 'Classification', 'Seats', 'Term start (UTC)', 'Term end (UTC)', 'Trial end (UTC)', 'Tenant id', 'Order id', 'Created (UTC)'],
  count: ({ db }, sellerId) => db.license.count({ where: { sellerId } }),
  async *rows({ db }, sellerId) {
    const rows = pagesById((after) =>
      db.license.findMany({
        where: { sellerId, ...afterId(after) },
        orderBy: { id: 'asc' },
        take: EXPORT_PAGE_SIZE,
        include: {
          offering: { select: { name: true, product: { select: { name: true } } } },
          buyer: { select: { email: true } },
          _count: { select: { seats: { where: { retiredAt: null } } } },
        },
      }),
    );
    for await (const license of rows) {
      yield [
        license.id,
        license.offering.product.name,
        license.offering.name,
        license.buyer?.email,
        license.status,
        nameOf(CLASSIFICATIONS, license.classification),
        // The live seats (retired ones are gone from the license).
        license._count.seats,
        utc(license.termStart),
        utc(license.termEnd),
        utc(license.trialEnd),
        license.tenantId,
        license.checkoutId,
        utc(license.createdAt),
      ];
    }
  },
};

const orders: ExportFile = {
  name: 'orders.csv',
  header: ORDER_CSV_HEADER,
  count: ({ db }, sellerId) => db.checkout.count({ where: { sellerId } }),
  async *rows(ctx, sellerId) {
    for await (const order of iterateSellerOrders(ctx, { sellerId })) yield orderCsvCells(order);
  },
};

/**
 * What each license's seats used per feature and UTC day, as the license page's chart counts it (the
 * daily rollups and the batches not yet rolled up: consumption/usage-days.ts) but over the whole
 * history: read a page of licenses at a time.
 */
const usagePerDay: ExportFile = {
  name: 'usage-per-day.csv',
  header: ['Day (UTC)', 'License id', 'Feature key', 'Units'],
  // A unit of progress per license: the usage of a page of licenses is one statement.
  count: ({ db }, sellerId) => db.license.count({ where: { sellerId } }),
  async *rows({ db }, sellerId) {
    const licensePages = pagesById((after) => db.license.findMany({ where: { sellerId, ...afterId(after) }, orderBy: { id: 'asc' }, take: EXPORT_PAGE_SIZE, select: { id: true } }));
    let page: string[] = [];
    const usageOf = (licenseIds: string[]) => usagePerLicenseAndDay(db, { licenseIds });
    for await (const license of licensePages) {
      page.push(license.id);
      if (page.length < EXPORT_PAGE_SIZE) continue;
      for (const row of await usageOf(page)) yield [row.day, row.licenseId, row.featureKey, row.units];
      page = [];
    }
    if (page.length > 0) for (const row of await usageOf(page)) yield [row.day, row.licenseId, row.featureKey, row.units];
  },
};

/** The files of an export, in the order they are written. */
export const EXPORT_FILES: readonly ExportFile[] = [products, offerings, features, customers, licenses, orders, usagePerDay];
