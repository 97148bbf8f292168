import type { Seller } from '@/generated/prisma/client';
import { publishCatalogChange } from '../catalog/catalog-cache';
import { sqlStateOf } from '../platform/database/sql-error';
import type { Db } from '../db';
import { DomainError } from '../errors';
import { validationErrorFromZod } from '../validation-error';
import { issuerClientIdError } from './create-seller';
import { changeIssuerClientIdInputSchema, isReservedIssuerClientId, MAX_FORMER_ISSUER_CLIENT_IDS } from './seller.schema';

/**
 * Gives the seller a new storefront id (issuerClientId). The old one becomes a former id: apps that
 * embed it keep buying, its storefront address redirects, and no other seller can ever take it (a
 * trigger in the database holds that). Taking back one's own former id is allowed.
 */
export async function changeIssuerClientId(ctx: { db: Db }, sellerId: string, input: { issuerClientId: string }): Promise<Seller> {
  const parsed = changeIssuerClientIdInputSchema.safeParse(input);
  if (!parsed.success) throw validationErrorFromZod(parsed.error);
  const wanted = parsed.data.issuerClientId;
  if (isReservedIssuerClientId(wanted)) throw issuerClientIdError('Reserved', `"${wanted}" is a reserved word; choose another storefront id.`);

  let previous: string;
  let seller: Seller;
  try {
    [previous, seller] = await ctx.db.$transaction(async (tx) => {
      const [locked] = await tx.$queryRaw<{ issuerClientId: string }[]>`SELECT "issuerClientId" FROM "Seller" WHERE "id" = ${sellerId} FOR UPDATE`;
      if (!locked) throw new DomainError('NotFound', 'No seller with that id.');
      const current = await tx.seller.findUniqueOrThrow({ where: { id: sellerId } });
      if (locked.issuerClientId === wanted) return [wanted, current] as const;
      const formerCount = await tx.sellerFormerId.count({ where: { sellerId, issuerClientId: { not: wanted } } });
      if (formerCount >= MAX_FORMER_ISSUER_CLIENT_IDS) {
        throw issuerClientIdError('TooManyChanges', `A storefront id can be changed ${MAX_FORMER_ISSUER_CLIENT_IDS} times; every former id stays reserved for this store.`);
      }
      await tx.sellerFormerId.deleteMany({ where: { issuerClientId: wanted, sellerId } });
      const updated = await tx.seller.update({ where: { id: sellerId }, data: { issuerClientId: wanted } });
      await tx.sellerFormerId.create({ data: { issuerClientId: locked.issuerClientId, sellerId } });
      return [locked.issuerClientId, updated] as const;
    });
  } catch (error) {
    // The unique index and the former-id trigger decide: another seller holds (or held) the id.
    if (sqlStateOf(error) === '23505') throw issuerClientIdError('Taken', `"${wanted}" is already taken; choose another storefront id.`);
    throw error;
  }
  if (previous !== wanted) {
    // Cached catalog answers name the id they were read under: both drop theirs.
    await Promise.all([publishCatalogChange(ctx, previous), publishCatalogChange(ctx, wanted)]);
  }
  return seller;
}
