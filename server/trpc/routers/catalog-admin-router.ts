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
import { describePaymentSetup, refreshStripeReadiness, startStripeOnboarding } from '../../sellers/payment-setup';
import { z } from 'zod';
import { createTrpcRouter, sellerProcedure } from '../init';

// The seller portal's catalog management. Wiring only: the seller always comes from the session
// (spread last, so an input can never name another seller); the rules live in the services.
export const catalogAdminRouter = createTrpcRouter({
  list: sellerProcedure.query(({ ctx }) => listSellerCatalog(ctx, ctx.seller.id)),
  product: sellerProcedure
    .input(z.object({ productId: z.string().min(1).max(1000) }))
    .query(({ ctx, input }) => getSellerProduct(ctx, { ...input, sellerId: ctx.seller.id })),
  offering: sellerProcedure
    .input(z.object({ offeringId: z.string().min(1).max(1000) }))
    .query(({ ctx, input }) => getSellerOffering(ctx, { ...input, sellerId: ctx.seller.id })),
  createProduct: sellerProcedure
    .input(createProductSchema)
    .mutation(({ ctx, input }) => createProduct(ctx, { ...input, sellerId: ctx.seller.id })),
  updateProduct: sellerProcedure
    .input(updateProductSchema)
    .mutation(({ ctx, input }) => updateProduct(ctx, { ...input, sellerId: ctx.seller.id })),
  createOffering: sellerProcedure
    .input(createOfferingSchema)
    .mutation(({ ctx, input }) => createOffering(ctx, { ...input, sellerId: ctx.seller.id })),
  updateOffering: sellerProcedure
    .input(updateOfferingSchema)
    .mutation(({ ctx, input }) => updateOffering(ctx, { ...input, sellerId: ctx.seller.id })),
  setOfferingListed: sellerProcedure
    .input(setOfferingListedSchema)
    .mutation(({ ctx, input }) => setOfferingListed(ctx, { ...input, sellerId: ctx.seller.id })),
  setOfferingRepeatPurchase: sellerProcedure
    .input(setOfferingRepeatPurchaseSchema)
    .mutation(({ ctx, input }) => setOfferingRepeatPurchase(ctx, { ...input, sellerId: ctx.seller.id })),
  upsertFeature: sellerProcedure
    .input(upsertFeatureSchema)
    .mutation(({ ctx, input }) => upsertFeature(ctx, { ...input, sellerId: ctx.seller.id })),
  deleteFeature: sellerProcedure
    .input(deleteFeatureSchema)
    .mutation(({ ctx, input }) => deleteFeature(ctx, { ...input, sellerId: ctx.seller.id })),
  startSellingApp: sellerProcedure
    .input(startSellingAppSchema)
    .mutation(({ ctx, input }) => startSellingApp(ctx, { ...input, sellerId: ctx.seller.id })),
  markCheckoutReady: sellerProcedure.mutation(({ ctx }) => markCheckoutReady(ctx, { sellerId: ctx.seller.id })),
  paymentSetup: sellerProcedure.query(({ ctx }) => describePaymentSetup(ctx, { sellerId: ctx.seller.id })),
  startStripeOnboarding: sellerProcedure.mutation(({ ctx }) => startStripeOnboarding(ctx, { sellerId: ctx.seller.id, email: ctx.session.email })),
  refreshStripeReadiness: sellerProcedure.mutation(({ ctx }) => refreshStripeReadiness(ctx, { sellerId: ctx.seller.id })),
});
