import type { Seller } from '@/generated/prisma/client';
import type { Db } from '../db';
import { validationErrorFromZod } from '../validation-error';
import { updateSellerProfileInputSchema, type UpdateSellerProfileInput } from './seller.schema';

/** The store name, contact name and legal name, as the seller's member typed them (a blank contact name clears it). */
export async function updateSellerProfile(ctx: { db: Db }, sellerId: string, input: UpdateSellerProfileInput): Promise<Seller> {
  const blankAsNull = (value: string | null | undefined) => (value?.trim() ? value : null);
  const parsed = updateSellerProfileInputSchema.safeParse({
    storeName: input.storeName ?? '',
    contactName: blankAsNull(input.contactName),
    legalName: input.legalName ?? '',
  });
  if (!parsed.success) throw validationErrorFromZod(parsed.error);
  const { storeName, contactName, legalName } = parsed.data;
  return ctx.db.seller.update({
    where: { id: sellerId },
    data: { storeName: storeName || null, contactName: contactName || null, legalName: legalName || null },
  });
}
