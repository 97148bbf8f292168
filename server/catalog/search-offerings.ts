import { z } from 'zod';
import type { Prisma } from '@/generated/prisma/client';
import type { Db } from '../db';
import { DomainError } from '../errors';
import { isFreeOffering } from '../checkout/purchasable-offering';
import { clampedPage } from '../paging';
import { findSellerByIssuerClientId } from '../sellers/find-seller-by-issuer-client-id';
import { offeringViewSchema, productViewSchema } from './catalog.schemas';
import { LicenseClassification } from './catalog-enums';
import { toOfferingView, toProductView } from './catalog-views';
import { describePrice } from './describe-offering';
import { listedOfferingWhere } from './listed-offerings';
import { withOtherPrices } from './offering-prices';
import { storefrontName } from './seller-profile';

// A search across every seller's listed offerings (the MCP endpoint's search_offerings): what an
// agent asks when a person describes what they need. Only what buyers can see is found: listed,
// active offerings of active products (listed-offerings.ts).

const OFFERING_SEARCH_PAGE_SIZE = 20;
const OFFERING_SEARCH_TEXT_MAX = 200;

const BILLING_KINDS = ['trial', 'subscription', 'perpetual'] as const;
const CLASSIFICATION_OF: Record<(typeof BILLING_KINDS)[number], number> = {
  trial: LicenseClassification.Trial,
  subscription: LicenseClassification.Subscription,
  perpetual: LicenseClassification.Perpetual,
};

export const searchOfferingsSchema = z.object({
  query: z.string().trim().max(OFFERING_SEARCH_TEXT_MAX).optional().describe("Words found in the offering's or its product's name or description, or the store's name."),
  issuerClientId: z.string().trim().min(1).max(100).optional().describe("One seller's offerings only: its issuerClientId (a former one works too)."),
  price: z.enum(['free', 'paid']).optional().describe('free: no price (a trial, a free or zero-price offering); paid: a price above zero.'),
  billing: z.enum(BILLING_KINDS).optional().describe('trial, subscription or perpetual.'),
  page: z.number().int().min(1).max(10_000).default(1).describe(`The page, from 1; ${OFFERING_SEARCH_PAGE_SIZE} offerings a page.`),
});

const offeringSearchHitSchema = z.object({
  offering: offeringViewSchema,
  product: productViewSchema,
  storeName: z.string(),
  /** The price line a buyer reads ("Free", "$9.99 / month"). */
  price: z.string(),
  seatBased: z.boolean(),
  isCheckoutReady: z.boolean(),
});

export const offeringSearchPageSchema = z.object({
  offerings: z.array(offeringSearchHitSchema),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});

export type SearchOfferingsInput = z.input<typeof searchOfferingsSchema>;
export type OfferingSearchPage = z.infer<typeof offeringSearchPageSchema>;

// isFreeOffering (checkout/purchasable-offering.ts) as a filter.
const FREE: Prisma.OfferingWhereInput = { OR: [{ priceMinor: null }, { priceMinor: 0 }, { classification: LicenseClassification.Trial }] };
const PAID: Prisma.OfferingWhereInput = { priceMinor: { gt: 0 }, classification: { not: LicenseClassification.Trial } };

export async function searchOfferings(ctx: { db: Db }, input: SearchOfferingsInput): Promise<OfferingSearchPage> {
  const { query, issuerClientId, price, billing, page: requested } = searchOfferingsSchema.parse(input);

  const filters: Prisma.OfferingWhereInput[] = [listedOfferingWhere];
  if (issuerClientId !== undefined) {
    const found = await findSellerByIssuerClientId(ctx, issuerClientId);
    if (!found) throw new DomainError('NotFound', 'No seller with that issuerClientId.');
    filters.push({ sellerId: found.seller.id });
  }
  if (price) filters.push(price === 'free' ? FREE : PAID);
  if (billing) filters.push({ classification: CLASSIFICATION_OF[billing] });
  if (query) {
    const containing = { contains: query, mode: 'insensitive' } as const;
    filters.push({
      OR: [
        { name: containing },
        { description: containing },
        { product: { name: containing } },
        { product: { description: containing } },
        { seller: { storeName: containing } },
      ],
    });
  }
  const where: Prisma.OfferingWhereInput = { AND: filters };

  const total = await ctx.db.offering.count({ where });
  const { page, pageCount } = clampedPage(requested, total, OFFERING_SEARCH_PAGE_SIZE);
  const rows = await ctx.db.offering.findMany({
    where,
    include: { product: true, seller: { select: { issuerClientId: true, storeName: true, contactName: true, legalName: true, checkoutReady: true } }, ...withOtherPrices },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    skip: (page - 1) * OFFERING_SEARCH_PAGE_SIZE,
    take: OFFERING_SEARCH_PAGE_SIZE,
  });

  return {
    offerings: rows.map((row) => {
      const offering = toOfferingView(row, row.seller.issuerClientId);
      return {
        offering,
        product: toProductView(row.product, row.seller.issuerClientId),
        storeName: storefrontName(row.seller),
        price: describePrice(offering, { perSeat: row.seatBased && !isFreeOffering(row) }),
        seatBased: row.seatBased,
        isCheckoutReady: row.seller.checkoutReady,
      };
    }),
    page,
    pageCount,
    total,
  };
}
