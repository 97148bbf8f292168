import { defineSealedValues } from '../crypto/reseal-secrets';
import type { Db } from '../db';
import { DomainError } from '../errors';
import { checkoutResultSchema, type CheckoutResult } from './checkout-result.schema';
import { CREDENTIAL_SEAL_PURPOSE, liveSaleCodes, type LiveSaleCode } from './sale-codes';
import { downloadsForLicense, productDownloadsSelect, type ProductDownloadView } from '../catalog/manage/product-downloads';

/**
 * The durable result of a checkout, readable only by the buyer who made it. A known session
 * always answers, failed too; an unknown one is NotFound. The license code sold with it (its first
 * seat's; sale-codes.ts) is shown until its buyer revokes it: a revoked code is never handed out
 * again (EncodedCredential null, Status still completed). The revocation also forgets the sealed
 * copy; the check here covers copies left from before that, and a read racing the revocation.
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

/**
 * Every license code the buyer's checkout issued and still live, one per seat in seat order, and
 * where to download what it sold while the license runs (the success page and the license page
 * show them). Readable only by its buyer, as the result above; nothing before the checkout completes.
 */
export async function getSaleCodesForBuyer(
  ctx: { db: Db },
  input: { sessionId: string; buyerAccountId: string },
): Promise<{ licenseId: string | null; codes: LiveSaleCode[]; downloads: ProductDownloadView[] }> {
  const checkout = await ctx.db.checkout.findUnique({
    where: { id: input.sessionId },
    select: { buyerAccountId: true, status: true, credentialCiphertext: true, license: { select: { id: true, status: true, offering: { select: { product: { select: productDownloadsSelect } } } } } },
  });
  if (!checkout) throw new DomainError('NotFound', 'No checkout session with that id.');
  if (checkout.buyerAccountId !== input.buyerAccountId) throw new DomainError('CheckoutResultForbidden', 'This checkout belongs to another buyer.');
  if (checkout.status !== 'completed') return { licenseId: null, codes: [], downloads: [] };
  return {
    licenseId: checkout.license?.id ?? null,
    codes: checkout.credentialCiphertext ? await liveSaleCodes(ctx, checkout.credentialCiphertext) : [],
    downloads: checkout.license ? downloadsForLicense(checkout.license) : [],
  };
}

/** The sale's first seat's license code (EncodedCredential), unless it was revoked (or is no longer known). */
export async function liveCredential(ctx: { db: Db }, credentialCiphertext: string): Promise<string | null> {
  const [first] = await liveSaleCodes(ctx, credentialCiphertext);
  return first?.seatNumber === 1 ? first.code : null;
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
