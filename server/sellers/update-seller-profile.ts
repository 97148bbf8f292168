import type { Seller } from '@/generated/prisma/client';
import type { Db } from '../db';
import { validationErrorFromZod } from '../validation-error';
import { updateSellerProfileInputSchema, type UpdateSellerProfileInput } from './seller.schema';

/** The store name, contact name, legal name and policy links, as the seller's member typed them (a blank contact name or link clears it; a link not sent is kept). */
export async function updateSellerProfile(ctx: { db: Db }, sellerId: string, input: UpdateSellerProfileInput): Promise<Seller> {
  const blankAsNull = (value: string | null | undefined) => (value?.trim() ? value : null);
  const parsed = updateSellerProfileInputSchema.safeParse({
    storeName: input.storeName ?? '',
    contactName: blankAsNull(input.contactName),
    legalName: input.legalName ?? '',
    termsUrl: blankAsNull(input.termsUrl),
    privacyUrl: blankAsNull(input.privacyUrl),
  });
  if (!parsed.success) throw validationErrorFromZod(parsed.error);
  const { storeName, contactName, legalName, termsUrl, privacyUrl } = parsed.data;
  return ctx.db.seller.update({
    where: { id: sellerId },
    data: {
      storeName: storeName || null,
      contactName: contactName || null,
      legalName: legalName || null,
      // A link not sent is kept; sent blank, it is cleared.
      ...(input.termsUrl !== undefined ? { termsUrl: termsUrl ?? null } : {}),
      ...(input.privacyUrl !== undefined ? { privacyUrl: privacyUrl ?? null } : {}),
    },
  });
}
