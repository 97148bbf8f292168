import { decodeJwt } from 'jose';
import { defineSealedValues } from '../crypto/reseal-secrets';
import { open } from '../crypto/secret-box';
import type { Db } from '../db';
import { DomainError } from '../errors';
import { decodeLicenseCode } from '../licensing/codes/runtime-token';
import { checkoutResultSchema, type CheckoutResult } from './checkout-result.schema';

export const CREDENTIAL_SEAL_PURPOSE = 'checkout-credential';

/**
 * The id of the license code a sealed checkout credential holds (the subject of its runtime token),
 * or null when it cannot be read. Used to tell whether that code has been revoked since.
 */
export function licenseCodeIdOfSealedCredential(credentialCiphertext: string): string | null {
  try {
    const token = decodeLicenseCode(open(CREDENTIAL_SEAL_PURPOSE, credentialCiphertext));
    return token ? (decodeJwt(token).sub ?? null) : null;
  } catch {
    return null;
  }
}

/**
 * The durable result of a checkout, readable only by the buyer who made it. A known session
 * always answers, failed too; an unknown one is NotFound. The license code sold with it is shown
 * until its buyer revokes it: a revoked code is never handed out again (EncodedCredential null,
 * Status still completed). The revocation also deletes the sealed copy; the check here covers
 * copies left from before that, and a read racing the revocation.
 */
export async function getCheckoutResultForBuyer(ctx: { db: Db }, input: { sessionId: string; buyerAccountId: string }): Promise<CheckoutResult> {
  const checkout = await ctx.db.checkout.findUnique({
    where: { id: input.sessionId },
    include: { license: { include: { seats: { orderBy: { createdAt: 'asc' } } } } },
  });
  if (!checkout) throw new DomainError('NotFound', 'No checkout session with that id.');
  if (checkout.buyerAccountId !== input.buyerAccountId) throw new DomainError('CheckoutResultForbidden', 'This checkout belongs to another buyer.');

  const completed = checkout.status === 'completed';
  return checkoutResultSchema.parse({
    status: checkout.status,
    correlationId: completed ? checkout.correlationId : null,
    encodedCredential: completed && checkout.credentialCiphertext ? await liveCredential(ctx, checkout.credentialCiphertext) : null,
    licenseId: completed ? (checkout.license?.id ?? null) : null,
    offeringId: completed ? checkout.offeringId : null,
    error: checkout.status === 'failed' ? checkout.error : null,
  });
}

/** The sealed license code, unless it was revoked (or is no longer known). */
export async function liveCredential(ctx: { db: Db }, credentialCiphertext: string): Promise<string | null> {
  const code = open(CREDENTIAL_SEAL_PURPOSE, credentialCiphertext);
  const token = decodeLicenseCode(code);
  const codeId = token ? decodeJwt(token).sub : undefined;
  if (!codeId) return null;
  const row = await ctx.db.licenseCode.findUnique({ where: { id: codeId }, select: { revokedAt: true } });
  return row && row.revokedAt === null ? code : null;
}

/** The license codes checkouts keep for their buyer's result, for re-sealing under a new APP_SECRET. */
export const sealedCheckoutCredentials = defineSealedValues({
  name: 'checkoutCredentials',
  label: 'checkout credentials',
  purpose: CREDENTIAL_SEAL_PURPOSE,
  page: async (db, after, limit) =>
    (
      await db.checkout.findMany({
        where: { credentialCiphertext: { not: null }, ...(after ? { id: { gt: after } } : {}) },
        select: { id: true, credentialCiphertext: true },
        orderBy: { id: 'asc' },
        take: limit,
      })
    ).map((checkout) => ({ id: checkout.id, sealed: checkout.credentialCiphertext! })),
  replace: async (db, value, next) => (await db.checkout.updateMany({ where: { id: value.id, credentialCiphertext: value.sealed }, data: { credentialCiphertext: next } })).count,
});
