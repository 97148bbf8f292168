import { Prisma } from '@/generated/prisma/client';
import { CatalogStatus } from '../catalog/catalog-enums';
import { listedOfferingWhere } from '../catalog/listed-offerings';
import { storefrontName } from '../catalog/seller-profile';
import type { Db } from '../db';
import { clampedPage } from '../paging';
import { logoPathOf } from '../sellers/seller-logo';
import { containingPattern } from '../sql/like-pattern';

export const STOREFRONTS_PAGE_SIZE = 24;
/** Longer searches are cut: a store name is at most 80 characters. */
export const STOREFRONT_SEARCH_MAX = 80;

export interface StorefrontCard {
  issuerClientId: string;
  name: string;
  /** Up to two letters for the badge shown when the seller has no logo. */
  initials: string;
  /** The logo's versioned address (logoPathOf), or null without a logo. */
  logoPath: string | null;
  listedOfferings: number;
  /** Names of the products with a listed offering, at most three. */
  productNames: string[];
}

export interface StorefrontsPage {
  storefronts: StorefrontCard[];
  page: number;
  pageCount: number;
  total: number;
  query: string;
}

// The name buyers see, as SQL, so sorting and searching follow storefrontName (store name, contact
// name, legal name). The phrase for a seller with none sorts after every named one.
const SHOWN_NAME = Prisma.sql`COALESCE(NULLIF(btrim(s."storeName"), ''), NULLIF(btrim(s."contactName"), ''), NULLIF(btrim(s."legalName"), ''))`;

// "Listed" as in server/catalog/listed-offerings.ts: listed, active, of an active product.
const LISTED_OFFERINGS_OF_SELLER = Prisma.sql`
  SELECT 1 FROM "Offering" o JOIN "Product" p ON p."id" = o."productId"
  WHERE o."sellerId" = s."id" AND o."listed" AND o."status" = ${CatalogStatus.Active} AND p."status" = ${CatalogStatus.Active}`;
const HAS_LISTED_OFFERING = Prisma.sql`EXISTS (${LISTED_OFFERINGS_OF_SELLER})`;

export function initialsOf(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const letters = (words.length > 1 ? [words[0]!, words[1]!] : words).map((word) => [...word][0]!.toUpperCase());
  return letters.join('') || '?';
}

/**
 * The marketplace: the storefronts of sellers with at least one listed offering, by the name buyers
 * see (case-insensitive), STOREFRONTS_PAGE_SIZE a page. A search matches that name or the name of a
 * product with a listed offering.
 */
export async function listStorefronts(ctx: { db: Db }, input: { query?: string; page?: number }): Promise<StorefrontsPage> {
  const query = (input.query ?? '').trim().slice(0, STOREFRONT_SEARCH_MAX);
  const pattern = containingPattern(query);
  const matches = query ? Prisma.sql`AND (${SHOWN_NAME} ILIKE ${pattern} OR EXISTS (${LISTED_OFFERINGS_OF_SELLER} AND p."name" ILIKE ${pattern}))` : Prisma.empty;

  const [counted] = await ctx.db.$queryRaw<{ count: bigint }[]>`SELECT count(*) AS count FROM "Seller" s WHERE ${HAS_LISTED_OFFERING} ${matches}`;
  const total = Number(counted?.count ?? 0);
  const { page, pageCount } = clampedPage(input.page, total, STOREFRONTS_PAGE_SIZE);
  const ids = await ctx.db.$queryRaw<{ id: string }[]>`
    SELECT s."id" FROM "Seller" s WHERE ${HAS_LISTED_OFFERING} ${matches}
    ORDER BY ${SHOWN_NAME} IS NULL, lower(${SHOWN_NAME}), s."issuerClientId"
    LIMIT ${STOREFRONTS_PAGE_SIZE} OFFSET ${(page - 1) * STOREFRONTS_PAGE_SIZE}`;

  const sellers = await ctx.db.seller.findMany({
    where: { id: { in: ids.map(({ id }) => id) } },
    select: {
      id: true,
      issuerClientId: true,
      storeName: true,
      contactName: true,
      legalName: true,
      logo: { select: { updatedAt: true } },
      offerings: { where: listedOfferingWhere, select: { product: { select: { name: true } } }, orderBy: { createdAt: 'asc' } },
    },
  });
  const byId = new Map(sellers.map((seller) => [seller.id, seller]));
  const storefronts = ids.flatMap(({ id }) => {
    const seller = byId.get(id);
    if (!seller) return [];
    const name = storefrontName(seller);
    return [
      {
        issuerClientId: seller.issuerClientId,
        name,
        initials: initialsOf(name),
        logoPath: logoPathOf(seller.issuerClientId, seller.logo),
        listedOfferings: seller.offerings.length,
        productNames: [...new Set(seller.offerings.map((offering) => offering.product.name))].slice(0, 3),
      },
    ];
  });
  return { storefronts, page, pageCount, total, query };
}
