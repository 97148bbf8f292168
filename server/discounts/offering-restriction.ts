import type { Tx } from '../db';
import { DomainError } from '../errors';

/**
 * The offerings a discount is restricted to, each once: all must be the seller's own (any other id,
 * another seller's included, is a ValidationError naming OfferingIds, never a hint that it exists).
 */
export async function ownOfferingIds(tx: Tx, sellerId: string, offeringIds: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(offeringIds)];
  if (wanted.length === 0) return [];
  const found = new Set((await tx.offering.findMany({ where: { id: { in: wanted }, sellerId }, select: { id: true } })).map((offering) => offering.id));
  const missing = wanted.filter((id) => !found.has(id));
  if (missing.length > 0) {
    const message = `${missing.length === 1 ? 'This is not one of your offerings' : 'These are not your offerings'}: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}.`;
    throw new DomainError('ValidationError', 'One or more fields failed validation.', { details: [{ Code: 'NotFound', Message: message, Field: 'OfferingIds' }] });
  }
  return wanted;
}
