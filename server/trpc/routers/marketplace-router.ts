import { z } from 'zod';
import { describeListedOffering } from '../../catalog/describe-listed-offering';
import { getStorefront } from '../../catalog/get-storefront';
import { findSellerProfile } from '../../catalog/seller-profile';
import { listStorefrontOfferingTerms } from '../../catalog/storefront-offering-terms';
import { findHeldLicenses } from '../../checkout/held-license';
import { listStorefronts } from '../../marketplace/list-storefronts';
import { findSellerByIssuerClientId } from '../../sellers/find-seller-by-issuer-client-id';
import { readSellerLogo } from '../../sellers/seller-logo';
import { listProductImages, readProductImage } from '../../catalog/manage/product-images';
import { createTrpcRouter, publicProcedure } from '../init';

const storefrontRef = z.object({ issuerClientId: z.string().min(1).max(200) });

/** The marketplace's pages: the storefronts, one store's page and its logo. Anyone may read them. */
export const marketplaceRouter = createTrpcRouter({
  storefronts: publicProcedure
    .input(z.object({ query: z.string().optional(), page: z.number().int().optional().catch(undefined) }))
    .query(({ ctx, input }) => listStorefronts(ctx, input)),
  /** A store's profile by its current or a former id; null when no store has it. */
  sellerProfile: publicProcedure.input(storefrontRef).query(({ ctx, input }) => findSellerProfile(ctx, input.issuerClientId)),
  /**
   * Everything a storefront page shows: its listed offerings with their features and allowances, their
   * terms (seats, repeat rule) and, for a signed-in buyer, which of them they already hold. Null when no
   * store has the id.
   */
  storefrontPage: publicProcedure.input(storefrontRef).query(async ({ ctx, input }) => {
    const seller = await findSellerProfile(ctx, input.issuerClientId);
    if (!seller) return null;
    const storefront = await getStorefront(ctx, seller.issuerClientId);
    const offerings = Object.values(storefront.offeringsByProduct).flat();
    const [listed, terms] = await Promise.all([
      Promise.all(offerings.map((offering) => describeListedOffering(ctx, seller.issuerClientId, offering.id))),
      listStorefrontOfferingTerms(ctx, seller.sellerId, offerings.map((offering) => offering.id)),
    ]);
    const held = ctx.session ? await findHeldLicenses(ctx, ctx.session.accountId, [...terms.values()]) : new Map<string, string>();
    const images = await listProductImages(ctx, storefront.products.map((product) => product.id));
    return { seller, storefront, offerings, listed, terms, held, images };
  }),
  /** One of the store's product images (its bytes are WebP, made by the service), or null. */
  productImage: publicProcedure.input(storefrontRef.extend({ imageId: z.string().min(1).max(100) })).query(async ({ ctx, input }) => {
    const found = await findSellerByIssuerClientId(ctx, input.issuerClientId);
    return found ? readProductImage(ctx, { sellerId: found.seller.id, imageId: input.imageId }) : null;
  }),
  /** The store's logo bytes and type, or null (no such store, or no logo). */
  logo: publicProcedure.input(storefrontRef).query(async ({ ctx, input }) => {
    const found = await findSellerByIssuerClientId(ctx, input.issuerClientId);
    const logo = found && (await readSellerLogo(ctx, found.seller.id));
    return logo ? { bytes: logo.bytes, contentType: logo.contentType, updatedAt: logo.updatedAt } : null;
  }),
});
