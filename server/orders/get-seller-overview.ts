import type { Db } from '../db';
import { FINAL_LICENSE_STATUSES } from '../licensing/licenses/license-status';

// The overview of /portal: four figures and three daily series over the last 30 days, computed in
// SQL over generate_series so a day without sales is a 0, not a gap. Days are UTC calendar days
// (timestamps are stored in UTC); the window ends with today.

export const OVERVIEW_DAYS = 30;

interface CurrencyAmount {
  currency: string;
  amountMinor: number;
}

export interface SellerSetup {
  hasProduct: boolean;
  hasOffering: boolean;
  hasListedOffering: boolean;
  paidCheckoutReady: boolean;
  hasApiKey: boolean;
}

export interface SellerOverview {
  /** The days of the window, oldest first, as YYYY-MM-DD (UTC). */
  days: string[];
  /** The currency most completed paid orders of the window were in (else the seller's offerings'); the charts show it. */
  mainCurrency: string;
  /** Revenue of completed checkouts in the window per currency, the main currency first. */
  revenue: CurrencyAmount[];
  /** Revenue per day in the main currency (minor units), aligned with `days`. */
  revenuePerDay: number[];
  completedOrders: number;
  /** Completed (by completion time) and failed (by the time it failed) checkouts per day. */
  ordersPerDay: { completed: number; failed: number }[];
  /** Licenses with status Active now. */
  activeLicenses: number;
  /** Licenses in force per day: created by the end of the day and not ended (Cancelled or Expired) before it began. */
  licensesPerDay: number[];
  /** People holding at least one of the seller's licenses. */
  customers: number;
  setup: SellerSetup;
}

/** Today and the 29 days before it (UTC), as dates at midnight. */
function windowOf(now: Date): { first: string; last: string } {
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const first = new Date(last.getTime() - (OVERVIEW_DAYS - 1) * 86_400_000);
  return { first: first.toISOString().slice(0, 10), last: last.toISOString().slice(0, 10) };
}

export async function getSellerOverview(ctx: { db: Db; now?: Date }, input: { sellerId: string }): Promise<SellerOverview> {
  const { first, last } = windowOf(ctx.now ?? new Date());
  const { sellerId } = input;
  const [revenueRows, orderRows, licenseRows, activeLicenses, customerRows, setup, offeringCurrencies] = await Promise.all([
    ctx.db.$queryRaw<{ day: string; currency: string | null; amount: bigint | null; orders: bigint }[]>`
      WITH days AS (SELECT generate_series(${first}::date, ${last}::date, interval '1 day')::date AS day)
      SELECT to_char(d.day, 'YYYY-MM-DD') AS "day", c."currency", sum(c."amountMinor")::bigint AS "amount", count(c."id") FILTER (WHERE c."amountMinor" > 0) AS "orders"
      FROM days d
      LEFT JOIN "Checkout" c ON c."sellerId" = ${sellerId} AND c."status" = 'completed' AND c."completedAt" >= d.day AND c."completedAt" < d.day + 1
      GROUP BY d.day, c."currency" ORDER BY d.day`,
    ctx.db.$queryRaw<{ day: string; completed: bigint; failed: bigint }[]>`
      WITH days AS (SELECT generate_series(${first}::date, ${last}::date, interval '1 day')::date AS day)
      SELECT to_char(d.day, 'YYYY-MM-DD') AS "day",
        count(c."id") FILTER (WHERE c."status" = 'completed') AS "completed",
        count(c."id") FILTER (WHERE c."status" = 'failed') AS "failed"
      FROM days d
      LEFT JOIN "Checkout" c ON c."sellerId" = ${sellerId} AND c."status" IN ('completed', 'failed')
        AND (CASE WHEN c."status" = 'completed' THEN c."completedAt" ELSE c."updatedAt" END) >= d.day
        AND (CASE WHEN c."status" = 'completed' THEN c."completedAt" ELSE c."updatedAt" END) < d.day + 1
      GROUP BY d.day ORDER BY d.day`,
    // History of statuses is not kept: a license in a final status ended at its last update.
    ctx.db.$queryRaw<{ day: string; licenses: bigint }[]>`
      WITH days AS (SELECT generate_series(${first}::date, ${last}::date, interval '1 day')::date AS day)
      SELECT to_char(d.day, 'YYYY-MM-DD') AS "day", count(l."id") AS "licenses"
      FROM days d
      LEFT JOIN "License" l ON l."sellerId" = ${sellerId} AND l."createdAt" < d.day + 1
        AND NOT (l."status"::text = ANY(${[...FINAL_LICENSE_STATUSES]}) AND l."updatedAt" < d.day)
      GROUP BY d.day ORDER BY d.day`,
    ctx.db.license.count({ where: { sellerId, status: 'Active' } }),
    ctx.db.$queryRaw<{ customers: bigint }[]>`SELECT count(DISTINCT "buyerAccountId") AS "customers" FROM "License" WHERE "sellerId" = ${sellerId}`,
    sellerSetup(ctx, sellerId),
    ctx.db.offering.groupBy({ by: ['currency'], where: { sellerId }, _count: { _all: true } }),
  ]);

  const days = orderRows.map((row) => row.day);
  const perCurrency = new Map<string, { amount: number; orders: number }>();
  for (const row of revenueRows) {
    if (row.currency === null) continue;
    const total = perCurrency.get(row.currency) ?? { amount: 0, orders: 0 };
    perCurrency.set(row.currency, { amount: total.amount + Number(row.amount ?? 0), orders: total.orders + Number(row.orders) });
  }
  const byUse = [...perCurrency.entries()].filter(([, total]) => total.amount > 0).sort(([, a], [, b]) => b.orders - a.orders || b.amount - a.amount);
  const mainCurrency = byUse[0]?.[0] ?? offeringCurrencies.sort((a, b) => b._count._all - a._count._all)[0]?.currency ?? 'usd';
  const revenue = byUse.map(([currency, total]) => ({ currency, amountMinor: total.amount }));
  if (!revenue.some((entry) => entry.currency === mainCurrency)) revenue.unshift({ currency: mainCurrency, amountMinor: 0 });

  const mainByDay = new Map(revenueRows.filter((row) => row.currency === mainCurrency).map((row) => [row.day, Number(row.amount ?? 0)]));
  const ordersPerDay = orderRows.map((row) => ({ completed: Number(row.completed), failed: Number(row.failed) }));
  return {
    days,
    mainCurrency,
    revenue,
    revenuePerDay: days.map((day) => mainByDay.get(day) ?? 0),
    completedOrders: ordersPerDay.reduce((sum, day) => sum + day.completed, 0),
    ordersPerDay,
    activeLicenses,
    licensesPerDay: licenseRows.map((row) => Number(row.licenses)),
    customers: Number(customerRows[0]?.customers ?? 0),
    setup,
  };
}

async function sellerSetup(ctx: { db: Db }, sellerId: string): Promise<SellerSetup> {
  const [seller, products, offerings, listed, apiKeys] = await Promise.all([
    ctx.db.seller.findUniqueOrThrow({ where: { id: sellerId }, select: { checkoutReady: true } }),
    ctx.db.product.count({ where: { sellerId } }),
    ctx.db.offering.count({ where: { sellerId } }),
    ctx.db.offering.count({ where: { sellerId, listed: true } }),
    ctx.db.apiKey.count({ where: { sellerId, revokedAt: null } }),
  ]);
  return { hasProduct: products > 0, hasOffering: offerings > 0, hasListedOffering: listed > 0, paidCheckoutReady: seller.checkoutReady, hasApiKey: apiKeys > 0 };
}
