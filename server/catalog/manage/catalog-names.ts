import type { Tx } from '../../db';
import { DomainError } from '../../errors';

// Buyers choose by name: two products of one seller, or two offerings of one product, with the
// same name could not be told apart on the storefront. Compared trimmed and case-insensitively.
// A check before the write, not an index: two simultaneous saves of one name may both pass, which
// costs a rename, not a wrong sale.

// `field` names the name as the caller's request does: `Name`, or `Product.Name` where the product
// is one part of a larger request (start-selling-app.ts).
function nameTaken(what: string, name: string, field = 'Name'): DomainError {
  return new DomainError('ValidationError', 'One or more fields failed validation.', {
    details: [{ Code: 'Duplicate', Field: field, Message: `${what} is already called “${name}”. Give this one a different name.` }],
  });
}

export async function assertProductNameFree(ctx: { db: Tx }, input: { sellerId: string; name: string; exceptProductId?: string; field?: string }): Promise<void> {
  const clash = await ctx.db.product.findFirst({
    where: { sellerId: input.sellerId, name: { equals: input.name, mode: 'insensitive' }, ...(input.exceptProductId ? { id: { not: input.exceptProductId } } : {}) },
    select: { id: true },
  });
  if (clash) throw nameTaken('Another of your products', input.name, input.field);
}

export async function assertOfferingNameFree(ctx: { db: Tx }, input: { productId: string; name: string; exceptOfferingId?: string; field?: string }): Promise<void> {
  const clash = await ctx.db.offering.findFirst({
    where: { productId: input.productId, name: { equals: input.name, mode: 'insensitive' }, ...(input.exceptOfferingId ? { id: { not: input.exceptOfferingId } } : {}) },
    select: { id: true },
  });
  if (clash) throw nameTaken('Another offering of this product', input.name, input.field);
}
