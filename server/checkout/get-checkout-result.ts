import { open } from '../crypto/secret-box';
import type { Db } from '../db';
import { DomainError } from '../errors';
import { checkoutResultSchema, type CheckoutResult } from './checkout-result.schema';

export const CREDENTIAL_SEAL_PURPOSE = 'checkout-credential';

/**
 * The durable result of a checkout, readable only by the buyer who made it. A known session
 * always answers, failed too; an unknown one is NotFound.
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
    Status: checkout.status,
    CorrelationId: completed ? checkout.correlationId : null,
    EncodedCredential: completed && checkout.credentialCiphertext ? open(CREDENTIAL_SEAL_PURPOSE, checkout.credentialCiphertext) : null,
    LicenseId: completed ? (checkout.license?.id ?? null) : null,
    OfferingId: completed ? checkout.offeringId : null,
    Error: checkout.status === 'failed' ? checkout.error : null,
  });
}
