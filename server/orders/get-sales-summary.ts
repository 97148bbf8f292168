import { z } from 'zod';
import type { Db } from '../db';
import { DomainError } from '../errors';
import { toBaseRate } from '../catalog/money';

// A seller's sales over a period, as numbers (the MCP endpoint's get_sales_summary): what an agent
// reports when the seller asks how the store is doing. Orders and revenue count completed checkouts
// by their completion time; the period is [from, to).

export const SALES_SUMMARY_DEFAULT_DAYS = 30;
export const SALES_SUMMARY_MAX_DAYS = 366;
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
  /** Revenue per currency in major units (49.99), the largest first; empty when nothing was sold. */
  revenue: z.array(z.object({ currency: z.string(), amount: z.number() })),
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
  const [perCurrency, completedOrders, paidOrders, licensesIssued, activeLicenses] = await Promise.all([
    ctx.db.checkout.groupBy({ by: ['currency'], where: { ...completed, amountMinor: { gt: 0 } }, _sum: { amountMinor: true } }),
    ctx.db.checkout.count({ where: completed }),
    ctx.db.checkout.count({ where: { ...completed, amountMinor: { gt: 0 } } }),
    ctx.db.license.count({ where: { sellerId, createdAt: { gte: from, lt: to } } }),
    ctx.db.license.count({ where: { sellerId, status: 'Active' } }),
  ]);

  const revenue = perCurrency
    .map((row) => ({ currency: row.currency, minor: Number(row._sum.amountMinor ?? 0) }))
    .filter((row) => row.minor > 0)
    .sort((a, b) => b.minor - a.minor || a.currency.localeCompare(b.currency))
    .map((row) => ({ currency: row.currency, amount: toBaseRate(row.minor, row.currency)! }));

  return { from: from.toISOString(), to: to.toISOString(), completedOrders, paidOrders, revenue, licensesIssued, activeLicenses };
}

function periodRefused(field: string, message: string): DomainError {
  return new DomainError('ValidationError', 'One or more fields failed validation.', { details: [{ Code: 'Invalid', Message: message, Field: field }] });
}
