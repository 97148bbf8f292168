import { z } from 'zod';
import type { Db } from '../db';
import { DomainError } from '../errors';
import { consumeLimit } from '../platform/limits/limits';
import { issueLicenseCode } from './issue-license-code';
import { FINAL_LICENSE_STATUSES } from './issue-seat-code';

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
  if (seat.retiredAt) throw new DomainError('SeatRetired', 'This seat is retired: it takes no new license codes.');
  if (FINAL_LICENSE_STATUSES.has(seat.license.status)) throw new DomainError('LicenseNotActive', `This license is ${seat.license.status}: it takes no new license codes.`);
  await consumeLimit('seatCodes', seat.id);
  const count = await ctx.db.licenseCode.count({ where: { seatId: seat.id } });
  const finalLabel = label || `Code ${count + 1}`;
  const issued = await issueLicenseCode(ctx, { licenseId: seat.license.id, seatId: seat.id, label: finalLabel });
  return { codeId: issued.credentialId, seatId: seat.id, label: finalLabel, code: issued.code };
}
