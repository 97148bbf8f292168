import { z } from 'zod';
import type { Db } from '../../db';
import { DomainError } from '../../errors';
import { issueCodeForLiveSeat } from './issue-seat-code';

export const issueBuyerCodeInputSchema = z.object({
  seatId: z.string().min(1).max(100),
  label: z.string().trim().max(100).default(''),
});
export type IssueBuyerCodeInput = z.input<typeof issueBuyerCodeInputSchema>;

export interface IssuedBuyerCode {
  codeId: string;
  seatId: string;
  label: string;
  /** The license code, shown once. */
  code: string;
}

/**
 * The buyer issues a new license code for a live seat of their own license from the license page
 * (a lost code, or one they revoked): shown once, the same per-seat limit as the seller's
 * (`seatCodes`). Another buyer's seat, or an unknown one, is NotFound.
 */
export async function issueLicenseCodeByBuyer(ctx: { db: Db }, input: IssueBuyerCodeInput & { buyerAccountId: string }): Promise<IssuedBuyerCode> {
  const { seatId, label } = issueBuyerCodeInputSchema.parse(input);
  const seat = await ctx.db.seat.findFirst({
    where: { id: seatId, license: { buyerAccountId: input.buyerAccountId } },
    include: { license: { select: { id: true, status: true } } },
  });
  if (!seat) throw new DomainError('NotFound', 'No seat with that id on your licenses.');
  const finalLabel = label || `Code ${(await ctx.db.licenseCode.count({ where: { seatId: seat.id } })) + 1}`;
  const issued = await issueCodeForLiveSeat(ctx, { seat, license: seat.license, label: finalLabel });
  return { codeId: issued.credentialId, seatId: seat.id, label: finalLabel, code: issued.code };
}
