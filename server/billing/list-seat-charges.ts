import type { Db } from '../db';

export interface SeatChargeLine {
  id: string;
  createdAt: Date;
  licenseId: string;
  seats: number;
  amountMinor: number;
  currency: string;
  periodEnd: Date;
  processor: string;
}

/** Seats added to the seller's running subscriptions and what they cost for the rest of the period, newest first. */
export async function listSeatCharges(ctx: { db: Db }, input: { sellerId: string; take?: number }): Promise<SeatChargeLine[]> {
  const charges = await ctx.db.seatCharge.findMany({
    where: { license: { sellerId: input.sellerId } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: Math.min(input.take ?? 100, 500),
    select: { id: true, createdAt: true, licenseId: true, seats: true, amountMinor: true, currency: true, periodEnd: true, processor: true },
  });
  // 64-bit in the database; every amount the service makes is far below 2^53, so exact as a number.
  return charges.map((charge) => ({ ...charge, amountMinor: Number(charge.amountMinor) }));
}
