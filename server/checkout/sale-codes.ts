import { decodeJwt } from 'jose';
import { open, seal } from '../crypto/secret-box';
import type { Db, Tx } from '../db';
import { decodeLicenseCode } from '../licensing/codes/runtime-token';

// The license codes a sale issued, one per seat in seat order, kept sealed together on its checkout
// (Checkout.credentialCiphertext) so that its buyer can read them again: the purchase result's
// EncodedCredential (the first seat's), the success page and the license page's ?session= (all).
// A code revoked since leaves an empty place, so each code keeps its seat's position; once every
// place is empty the copy is deleted. A checkout sealed before a sale issued more than one code
// holds one code, which reads as a list of one.

export const CREDENTIAL_SEAL_PURPOSE = 'checkout-credential';

/** The sealed copy of a sale's codes, or null when it issued none. */
export function sealSaleCodes(codes: readonly string[]): string | null {
  return codes.length === 0 ? null : seal(CREDENTIAL_SEAL_PURPOSE, codes.join('\n'));
}

/** The sale's codes in seat order ('' where one was revoked since). */
export function openSaleCodes(sealed: string): string[] {
  return open(CREDENTIAL_SEAL_PURPOSE, sealed).split('\n');
}

/** The id of a license code (the subject of its runtime token), or null when it is not one. */
function licenseCodeIdOf(code: string): string | null {
  try {
    const token = decodeLicenseCode(code);
    return token ? (decodeJwt(token).sub ?? null) : null;
  } catch {
    return null;
  }
}

export interface LiveSaleCode {
  /** 1 for the license's first seat, in the order the sale made them. */
  seatNumber: number;
  seatId: string;
  codeId: string;
  code: string;
}

/** The sale's codes still live (not revoked since), in seat order. */
export async function liveSaleCodes(ctx: { db: Db | Tx }, sealed: string): Promise<LiveSaleCode[]> {
  const places = openSaleCodes(sealed).map((code, index) => ({ seatNumber: index + 1, code, codeId: code ? licenseCodeIdOf(code) : null }));
  const ids = places.flatMap((place) => (place.codeId ? [place.codeId] : []));
  if (ids.length === 0) return [];
  const live = new Map((await ctx.db.licenseCode.findMany({ where: { id: { in: ids }, revokedAt: null }, select: { id: true, seatId: true } })).map((row) => [row.id, row.seatId]));
  return places.flatMap((place) => {
    const seatId = place.codeId ? live.get(place.codeId) : undefined;
    return seatId ? [{ seatNumber: place.seatNumber, seatId, codeId: place.codeId!, code: place.code }] : [];
  });
}

/**
 * Forgets a revoked code's place in its sale's sealed copy (when it is one of the sale's codes), in
 * the caller's transaction. Compared with the value read: a concurrent change of the copy is not
 * overwritten.
 */
export async function forgetSaleCode(tx: Tx, input: { checkoutId: string; codeId: string }): Promise<void> {
  const checkout = await tx.checkout.findUnique({ where: { id: input.checkoutId }, select: { credentialCiphertext: true } });
  const sealed = checkout?.credentialCiphertext;
  if (!sealed) return;
  let codes: string[];
  try {
    codes = openSaleCodes(sealed);
  } catch {
    return;
  }
  const place = codes.findIndex((code) => code && licenseCodeIdOf(code) === input.codeId);
  if (place < 0) return;
  codes[place] = '';
  const next = codes.every((code) => code === '') ? null : seal(CREDENTIAL_SEAL_PURPOSE, codes.join('\n'));
  await tx.checkout.updateMany({ where: { id: input.checkoutId, credentialCiphertext: sealed }, data: { credentialCiphertext: next } });
}
