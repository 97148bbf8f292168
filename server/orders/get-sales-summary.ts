import { z } from 'zod';
import type { Db } from '../db';
import { DomainError } from '../errors';
import { toBaseRate } from '../catalog/money';

// A seller's sales over a period, as numbers (the MCP endpoint's get_sales_summary): what an agent
// reports when the seller asks how the store is doing. Orders and revenue count completed checkouts
// by their completion time; the period is [from, to).
//
// Refunds are a separate line, never taken out of `revenue`: `revenue` stays what the period's
// orders charged (so a figure once reported does not shrink when a later refund lands), `refunded`
// is the money given back in the period (refunds counted when they were made, pending or done,
// whichever period their order was paid in; one the processor refused is left out, since its amount
// is refundable again), and `netRevenue` is the one minus the other per currency.

const SALES_SUMMARY_DEFAULT_DAYS = 30;
const SALES_SUMMARY_MAX_DAYS = 366;
const DAY_MS = 86_400_000;

export const salesSummaryQuerySchema = z.object({
  from: z.iso.datetime({ offset: true }).optional().describe('Start of the period (ISO 8601 date and time); 30 days before To when left out.'),
  to: z.iso.datetime({ offset: true }).optional().describe('End of the period, excluded (ISO 8601 date and time); now when left out.'),
});

export const salesSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Completed checkouts, free ones included. */
  completedOrders: z.number().int(),
  /** Completed checkouts that took money. */
  paidOrders: z.number().int(),
  /** Revenue per currency in major units (49.99), the largest first; empty when nothing was sold. Refunds are not taken out (see refunded). */
  revenue: z.array(z.object({ currency: z.string(), amount: z.number() })),
  /** What discount codes took off the period's completed orders, per currency in major units, the largest first; empty when none. Revenue is after them. */
  discounts: z.array(z.object({ currency: z.string(), amount: z.number() })),
  /** Tax collected on the period's completed orders (in revenue, which is gross), per currency in major units, the largest first; empty when none. */
  tax: z.array(z.object({ currency: z.string(), amount: z.number() })),
  /** Money given back by refunds made in the period, per currency in major units, the largest first; empty when none. */
  refunded: z.array(z.object({ currency: z.string(), amount: z.number() })),
  /** Revenue less refunded, per currency in major units (negative when the period gave back more than it took), the largest first. */
  netRevenue: z.array(z.object({ currency: z.string(), amount: z.number() })),
  /** Licenses issued in the period (sold, claimed or created). */
  licensesIssued: z.number().int(),
  /** Licenses with status Active now. */
  activeLicenses: z.number().int(),
});

export type SalesSummaryQuery = z.input<typeof salesSummaryQuerySchema>;
export type SalesSummary = z.infer<typeof salesSummarySchema>;

export async function getSalesSummary(ctx: { db: Db; now?: Date }, input: SalesSummaryQuery & { sellerId: string }): Promise<SalesSummary> {
  const query = salesSummaryQuerySchema.parse(input);
  const to = query.to === undefined ? (ctx.now ?? new Date()) : new Date(query.to);
  const from = query.from === undefined ? new Date(to.getTime() - SALES_SUMMARY_DEFAULT_DAYS * DAY_MS) : new Date(query.from);
  if (from >= to) throw periodRefused('To', 'The end of the period must come after its start.');
  if (to.getTime() - from.getTime() > SALES_SUMMARY_MAX_DAYS * DAY_MS) throw periodRefused('From', `A period is at most ${SALES_SUMMARY_MAX_DAYS} days.`);

  const { sellerId } = input;
  const completed = { sellerId, status: 'completed' as const, completedAt: { gte: from, lt: to } };
  const [perCurrency, discountsPerCurrency, taxPerCurrency, refundsPerCurrency, completedOrders, paidOrders, licensesIssued, activeLicenses] = await Promise.all([
    ctx.db.checkout.groupBy({ by: ['currency'], where: { ...completed, amountMinor: { gt: 0 } }, _sum: { amountMinor: true } }),
    ctx.db.checkout.groupBy({ by: ['currency'], where: { ...completed, discountMinor: { gt: 0 } }, _sum: { discountMinor: true } }),
    ctx.db.checkout.groupBy({ by: ['currency'], where: { ...completed, taxMinor: { gt: 0 } }, _sum: { taxMinor: true } }),
    ctx.db.refund.groupBy({ by: ['currency'], where: { sellerId, status: { not: 'failed' }, createdAt: { gte: from, lt: to } }, _sum: { amountMinor: true } }),
    ctx.db.checkout.count({ where: completed }),
    ctx.db.checkout.count({ where: { ...completed, amountMinor: { gt: 0 } } }),
    ctx.db.license.count({ where: { sellerId, createdAt: { gte: from, lt: to } } }),
    ctx.db.license.count({ where: { sellerId, status: 'Active' } }),
  ]);

  const revenueMinor = minorPerCurrency(perCurrency);
  const refundedMinor = minorPerCurrency(refundsPerCurrency);
  const netMinor = new Map(revenueMinor);
  for (const [currency, minor] of refundedMinor) netMinor.set(currency, (netMinor.get(currency) ?? 0) - minor);

  return {
    from: from.toISOString(),
    to: to.toISOString(),
    completedOrders,
    paidOrders,
    revenue: majorLargestFirst(revenueMinor, (minor) => minor > 0),
    tax: majorLargestFirst(new Map(taxPerCurrency.map((row) => [row.currency, Number(row._sum.taxMinor ?? 0)])), (minor) => minor > 0),
    discounts: majorLargestFirst(new Map(discountsPerCurrency.map((row) => [row.currency, Number(row._sum.discountMinor ?? 0)])), (minor) => minor > 0),
    refunded: majorLargestFirst(refundedMinor, (minor) => minor > 0),
    netRevenue: majorLargestFirst(netMinor, () => true),
    licensesIssued,
    activeLicenses,
  };
}

function minorPerCurrency(groups: { currency: string; _sum: { amountMinor: bigint | null } }[]): Map<string, number> {
  return new Map(groups.map((row) => [row.currency, Number(row._sum.amountMinor ?? 0)]));
}

/** Minor units per currency as major-unit amounts, the largest first (ties by currency code). */
function majorLargestFirst(minor: Map<string, number>, keep: (minor: number) => boolean): { currency: string; amount: number }[] {
  return [...minor]
    .filter(([, amount]) => keep(amount))
    .sort(([currencyA, a], [currencyB, b]) => b - a || currencyA.localeCompare(currencyB))
    .map(([currency, amount]) => ({ currency, amount: toBaseRate(amount, currency)! }));
}

function periodRefused(field: string, message: string): DomainError {
  return new DomainError('ValidationError', 'One or more fields failed validation.', { details: [{ Code: 'Invalid', Message: message, Field: field }] });
}
