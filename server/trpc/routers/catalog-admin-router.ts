import {
  createOfferingSchema,
  createProductSchema,
  deleteFeatureSchema,
  setOfferingListedSchema,
  setOfferingRepeatPurchaseSchema,
  startSellingAppSchema,
  updateOfferingSchema,
  updateProductSchema,
  upsertFeatureSchema,
} from '../../catalog/manage/catalog-edit.schema';
import { createOffering } from '../../catalog/manage/create-offering';
import { createProduct } from '../../catalog/manage/create-product';
import { deleteFeature } from '../../catalog/manage/delete-feature';
import { getSellerOffering } from '../../catalog/manage/get-seller-offering';
import { getSellerProduct } from '../../catalog/manage/get-seller-product';
import { listSellerCatalog } from '../../catalog/manage/list-seller-catalog';
import { markCheckoutReady } from '../../sellers/payment-setup';
import { setOfferingListed } from '../../catalog/manage/set-offering-listed';
import { setOfferingRepeatPurchase } from '../../catalog/manage/set-offering-repeat-purchase';
import { startSellingApp } from '../../catalog/manage/start-selling-app';
import { updateOffering } from '../../catalog/manage/update-offering';
import { updateProduct } from '../../catalog/manage/update-product';
import { upsertFeature } from '../../catalog/manage/upsert-feature';
import { addProductImage, listSellerProductImages, removeProductImage } from '../../catalog/manage/product-images';
import { addProductDownload, listSellerProductDownloads, removeProductDownload } from '../../catalog/manage/product-downloads';
import { describePaymentSetup, refreshStripeReadiness, startStripeOnboarding } from '../../sellers/payment-setup';
import { z } from 'zod';
import { createTrpcRouter, sellerProcedure } from '../init';

// The seller portal's catalog management. Wiring only: the seller always comes from the session
// (spread last, so an input can never name another seller); the rules live in the services.
export const catalogAdminRouter = createTrpcRouter({
  list: sellerProcedure('catalog:read').query(({ ctx }) => listSellerCatalog(ctx, ctx.seller.id)),
  product: sellerProcedure('catalog:read')
    .input(z.object({ productId: z.string().min(1).max(1000) }))
    .query(({ ctx, input }) => getSellerProduct(ctx, { ...input, sellerId: ctx.seller.id })),
  offering: sellerProcedure('catalog:read')
    .input(z.object({ offeringId: z.string().min(1).max(1000) }))
    .query(({ ctx, input }) => getSellerOffering(ctx, { ...input, sellerId: ctx.seller.id })),
  createProduct: sellerProcedure('catalog:write')
    .input(createProductSchema)
    .mutation(({ ctx, input }) => createProduct(ctx, { ...input, sellerId: ctx.seller.id })),
  updateProduct: sellerProcedure('catalog:write')
    .input(updateProductSchema)
    .mutation(({ ctx, input }) => updateProduct(ctx, { ...input, sellerId: ctx.seller.id })),
  productImages: sellerProcedure('catalog:read')
    .input(z.object({ productId: z.string().min(1).max(1000) }))
    .query(({ ctx, input }) => listSellerProductImages(ctx, { sellerId: ctx.seller.id, productId: input.productId })),
  /** An image as the uploaded file (a Blob, with its description): recognised by its first bytes, then resized. */
  addProductImage: sellerProcedure('catalog:write')
    .input(z.object({ productId: z.string().min(1).max(1000), image: z.instanceof(Blob), alt: z.string().max(1000).optional() }))
    .mutation(async ({ ctx, input }) =>
      addProductImage(ctx, { sellerId: ctx.seller.id, productId: input.productId, bytes: new Uint8Array(await input.image.arrayBuffer()), alt: input.alt }),
    ),
  productDownloads: sellerProcedure('catalog:read')
    .input(z.object({ productId: z.string().min(1).max(1000) }))
    .query(({ ctx, input }) => listSellerProductDownloads(ctx, { sellerId: ctx.seller.id, productId: input.productId })),
  addProductDownload: sellerProcedure('catalog:write')
    .input(z.object({ productId: z.string().min(1).max(1000), platform: z.string().max(1000), url: z.string().max(4000) }))
    .mutation(({ ctx, input }) => addProductDownload(ctx, { sellerId: ctx.seller.id, ...input })),
  removeProductDownload: sellerProcedure('catalog:write')
    .input(z.object({ productId: z.string().min(1).max(1000), downloadId: z.string().min(1).max(100) }))
    .mutation(({ ctx, input }) => removeProductDownload(ctx, { sellerId: ctx.seller.id, ...input })),
  removeProductImage: sellerProcedure('catalog:write')
    .input(z.object({ productId: z.string().min(1).max(1000), imageId: z.string().min(1).max(100) }))
    .mutation(({ ctx, input }) => removeProductImage(ctx, { sellerId: ctx.seller.id, ...input })),
  createOffering: sellerProcedure('catalog:prices')
    .input(createOfferingSchema)
    .mutation(({ ctx, input }) => createOffering(ctx, { ...input, sellerId: ctx.seller.id })),
  updateOffering: sellerProcedure('catalog:prices')
    .input(updateOfferingSchema)
    .mutation(({ ctx, input }) => updateOffering(ctx, { ...input, sellerId: ctx.seller.id })),
  setOfferingListed: sellerProcedure('catalog:write')
    .input(setOfferingListedSchema)
    .mutation(({ ctx, input }) => setOfferingListed(ctx, { ...input, sellerId: ctx.seller.id })),
  setOfferingRepeatPurchase: sellerProcedure('catalog:write')
    .input(setOfferingRepeatPurchaseSchema)
    .mutation(({ ctx, input }) => setOfferingRepeatPurchase(ctx, { ...input, sellerId: ctx.seller.id })),
  upsertFeature: sellerProcedure('catalog:write')
    .input(upsertFeatureSchema)
    .mutation(({ ctx, input }) => upsertFeature(ctx, { ...input, sellerId: ctx.seller.id })),
  deleteFeature: sellerProcedure('catalog:write')
    .input(deleteFeatureSchema)
    .mutation(({ ctx, input }) => deleteFeature(ctx, { ...input, sellerId: ctx.seller.id })),
  startSellingApp: sellerProcedure('catalog:prices')
    .input(startSellingAppSchema)
    .mutation(({ ctx, input }) => startSellingApp(ctx, { ...input, sellerId: ctx.seller.id })),
  markCheckoutReady: sellerProcedure('store:settings').mutation(({ ctx }) => markCheckoutReady(ctx, { sellerId: ctx.seller.id })),
  paymentSetup: sellerProcedure('store:read').query(({ ctx }) => describePaymentSetup(ctx, { sellerId: ctx.seller.id })),
  startStripeOnboarding: sellerProcedure('store:settings').mutation(({ ctx }) => startStripeOnboarding(ctx, { sellerId: ctx.seller.id, email: ctx.session.email })),
  refreshStripeReadiness: sellerProcedure('store:settings').mutation(({ ctx }) => refreshStripeReadiness(ctx, { sellerId: ctx.seller.id })),
});
