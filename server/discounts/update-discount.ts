import { updateDiscountSchema, type UpdateDiscountInput } from '../../sdk/src/contract/discounts';
import { withinTransaction, type Tx } from '../db';
import { DomainError } from '../errors';
import { validationErrorFromZod } from '../validation-error';
import { DISCOUNT_VIEW_INCLUDE, discountView, type DiscountView } from './discount-view';
import { ownOfferingIds } from './offering-restriction';

/**
 * Changes what may change of a discount code: its name, expiry (null clears it; a time already past
 * stops the code at once), maximum of redemptions (null clears it) and offerings. What it takes off
 * and the code itself are fixed at creation (the schema refuses them, naming the field). A maximum
 * is never set below the redemptions held now: the row is locked, so no checkout takes one between
 * the check and the change (the Discount_redemptions CHECK holds it in the database as well).
 */
export async function updateDiscount(ctx: { db: Tx }, input: UpdateDiscountInput & { sellerId: string; discountId: string }): Promise<DiscountView> {
  const parsed = updateDiscountSchema.safeParse(input);
  if (!parsed.success) throw validationErrorFromZod(parsed.error);
  const fields = parsed.data;
  return withinTransaction(ctx.db, async (tx) => {
    const [locked] = await tx.$queryRaw<{ redemptions: number }[]>`SELECT "redemptions" FROM "Discount" WHERE "id" = ${input.discountId} AND "sellerId" = ${input.sellerId} FOR UPDATE`;
    if (!locked) throw new DomainError('NotFound', 'No discount with that id.');
    if (fields.maxRedemptions != null && fields.maxRedemptions < locked.redemptions) {
      const message = `${locked.redemptions} checkout${locked.redemptions === 1 ? ' holds' : 's hold'} this code already: the maximum cannot be lower.`;
      throw new DomainError('ValidationError', 'One or more fields failed validation.', { details: [{ Code: 'InvalidValue', Message: message, Field: 'MaxRedemptions' }] });
    }
    const offeringIds = fields.offeringIds === undefined ? undefined : await ownOfferingIds(tx, input.sellerId, fields.offeringIds);
    if (offeringIds !== undefined) {
      await tx.discountOffering.deleteMany({ where: { discountId: input.discountId } });
      await tx.discountOffering.createMany({ data: offeringIds.map((offeringId) => ({ discountId: input.discountId, offeringId })) });
    }
    const discount = await tx.discount.update({
      where: { id: input.discountId },
      data: {
        ...(fields.name !== undefined ? { name: fields.name } : {}),
        ...(fields.expiresUtc !== undefined ? { expiresAt: fields.expiresUtc === null ? null : new Date(fields.expiresUtc) } : {}),
        ...(fields.maxRedemptions !== undefined ? { maxRedemptions: fields.maxRedemptions } : {}),
        // A change of offerings alone is a change of the discount too.
        updatedAt: new Date(),
      },
      include: DISCOUNT_VIEW_INCLUDE,
    });
    return discountView(discount);
  });
}
