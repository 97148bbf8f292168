import { z } from 'zod';
import type { Db } from '../../db';
import { DomainError } from '../../errors';
import { revokeCodesWithin } from './revoke-codes';
import { issueCodeForLiveSeat } from './issue-seat-code';

export const issueBuyerCodeInputSchema = z.object({
  seatId: z.string().min(1).max(100),
  label: z.string().trim().max(100).default(''),
  /** "add": a code beside the seat's live ones, which keep working; "replace": they are revoked with it. */
  mode: z.enum(['add', 'replace']),
});
export type IssueBuyerCodeInput = z.input<typeof issueBuyerCodeInputSchema>;

export interface IssuedBuyerCode {
  codeId: string;
  seatId: string;
  label: string;
  /** The license code, shown once. */
  code: string;
  /** The seat's codes this one replaced (now revoked); none when added. */
  replacedCodeIds: string[];
}

/**
 * The buyer gets a new license code for a live seat of their own license from the license page,
 * shown once: added beside the seat's live codes (a second machine, a code lost while the app still
 * runs: nothing stops working), or replacing them (a code leaked): then the seat's other live codes
 * are revoked in the same transaction, so "in place of the old one" is what happens (the app with
 * the old code is refused at its next check). The same per-seat limit as the seller's
 * (`seatCodes`). Another buyer's seat, or an unknown one, is NotFound.
 */
export async function issueLicenseCodeByBuyer(ctx: { db: Db; now?: Date }, input: IssueBuyerCodeInput & { buyerAccountId: string }): Promise<IssuedBuyerCode> {
  const { seatId, label, mode } = issueBuyerCodeInputSchema.parse(input);
  const seat = await ctx.db.seat.findFirst({
    where: { id: seatId, license: { buyerAccountId: input.buyerAccountId } },
    include: { license: { select: { id: true, status: true, sellerId: true, checkoutId: true } } },
  });
  if (!seat) throw new DomainError('NotFound', 'No seat with that id on your licenses.');
  const finalLabel = label || `Code ${(await ctx.db.licenseCode.count({ where: { seatId: seat.id } })) + 1}`;
  const now = ctx.now ?? new Date();
  const issued = await ctx.db.$transaction(async (tx) => {
    const replaced = mode === 'replace' ? await tx.licenseCode.findMany({ where: { seatId: seat.id, revokedAt: null }, select: { id: true, seatId: true, label: true } }) : [];
    const fresh = await issueCodeForLiveSeat({ db: tx }, { seat, license: seat.license, label: finalLabel });
    await revokeCodesWithin(tx, { license: seat.license, codes: replaced, now });
    return { ...fresh, replacedCodeIds: replaced.map((code) => code.id) };
  });
  return { codeId: issued.credentialId, seatId: seat.id, label: finalLabel, code: issued.code, replacedCodeIds: issued.replacedCodeIds };
}
