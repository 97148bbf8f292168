import type { Db } from '../db';

interface UsageLedgerLine {
  id: string;
  createdAt: Date;
  licenseId: string;
  seatId: string;
  featureKey: string;
  units: string;
  rate: string;
  amount: string;
  currency: string;
  processor: 'local' | 'stripe' | 'none';
  processorReference: string | null;
}

export interface UsageLedger {
  lines: UsageLedgerLine[];
  /** Sum of the amounts per currency, over every charge of the seller. */
  totals: { currency: string; amount: string; units: string }[];
}

/** The seller's billed metered usage, newest first (the local processor's ledger; Stripe's meter events too). */
export async function listUsageLedger(ctx: { db: Db }, input: { sellerId: string; take?: number }): Promise<UsageLedger> {
  const [rows, totals] = await Promise.all([
    ctx.db.usageCharge.findMany({ where: { sellerId: input.sellerId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: Math.min(input.take ?? 100, 500) }),
    // Kept by the billing job as it writes the charges (billing/report-usage.ts): no sum over the whole ledger.
    ctx.db.sellerUsageTotal.findMany({ where: { sellerId: input.sellerId }, orderBy: { currency: 'asc' } }),
  ]);
  return {
    lines: rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt,
      licenseId: row.licenseId,
      seatId: row.seatId,
      featureKey: row.featureKey,
      units: row.units.toString(),
      rate: row.rate.toString(),
      amount: row.amount.toString(),
      currency: row.currency,
      processor: row.processor,
      processorReference: row.processorReference,
    })),
    totals: totals.map((total) => ({ currency: total.currency, amount: total.amount.toString(), units: total.units.toString() })),
  };
}
