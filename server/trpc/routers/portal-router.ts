import { z } from 'zod';
import { storefrontName } from '../../catalog/seller-profile';
import { listSeatCharges } from '../../billing/list-seat-charges';
import { listUsageLedger } from '../../billing/list-usage-ledger';
import { getSellerOverview } from '../../orders/get-seller-overview';
import { changeIssuerClientId } from '../../sellers/change-issuer-client-id';
import { closeStore, closeStoreInputSchema, previewStoreClosure } from '../../sellers/close-store';
import { removeSellerLogo, setSellerLogo } from '../../sellers/seller-logo';
import { getStoreSettings } from '../../sellers/store-settings';
import { updateTaxSettings } from '../../sellers/tax-settings';
import { updateSellerProfile } from '../../sellers/update-seller-profile';
import { actingSellerOf } from '../acting-seller';
import { permissionsOf } from '../../sellers/members/member-permissions';
import { createTrpcRouter, publicProcedure, sellerProcedure } from '../init';

// The services check every field (with the Details a form shows beside it); the inputs only bound them.
const text = z.string().max(10_000);
const addressLine = text.optional();

/** The seller portal's own pages: who is signed in, the overview, usage and the store's settings. */
export const portalRouter = createTrpcRouter({
  /**
   * The signed-in person and the seller they act for with their role (the same resolver as every
   * seller procedure), or null without a session. A person who sells nothing has `seller: null`.
   */
  me: publicProcedure.query(async ({ ctx }) => {
    if (!ctx.session) return null;
    const acting = await actingSellerOf(ctx, ctx.session.accountId);
    const seller = acting && {
      id: acting.seller.id,
      issuerClientId: acting.seller.issuerClientId,
      storeName: acting.seller.storeName,
      legalName: acting.seller.legalName,
      displayName: storefrontName(acting.seller),
      checkoutReady: acting.seller.checkoutReady,
    };
    return { accountId: ctx.session.accountId, email: ctx.session.email, registeredBefore: ctx.session.registeredBefore === true, seller, role: acting?.role ?? null, permissions: acting ? permissionsOf(acting.role) : [] };
  }),
  overview: sellerProcedure('store:read').query(({ ctx }) => getSellerOverview(ctx, { sellerId: ctx.seller.id })),
  usage: sellerProcedure('store:read').query(async ({ ctx }) => {
    const [ledger, seatCharges] = await Promise.all([listUsageLedger(ctx, { sellerId: ctx.seller.id }), listSeatCharges(ctx, { sellerId: ctx.seller.id })]);
    return { ledger, seatCharges };
  }),
  settings: sellerProcedure('store:read').query(({ ctx }) => getStoreSettings(ctx, ctx.seller.id)),
  updateProfile: sellerProcedure('store:settings')
    .input(z.object({ storeName: text, contactName: text, legalName: text, termsUrl: text.optional(), privacyUrl: text.optional() }))
    .mutation(async ({ ctx, input }) => {
      await updateSellerProfile(ctx, ctx.seller.id, input);
    }),
  /** Tax collection, how prices carry it, the tax id and the origin address (absent: kept; null: cleared). */
  updateTaxSettings: sellerProcedure('store:settings')
    .input(
      z.object({
        taxCollection: z.boolean(),
        taxBehavior: text,
        taxId: text.nullish(),
        originAddress: z.object({ line1: addressLine, city: addressLine, postalCode: addressLine, state: addressLine, country: addressLine }).nullish(),
      }),
    )
    .mutation(({ ctx, input }) => updateTaxSettings(ctx, ctx.seller.id, input)),
  changeIssuerClientId: sellerProcedure('store:settings').input(z.object({ issuerClientId: text })).mutation(async ({ ctx, input }) => {
    await changeIssuerClientId(ctx, ctx.seller.id, input);
  }),
  /** The logo as the uploaded file (a Blob): the service recognises its type by its first bytes. */
  setLogo: sellerProcedure('store:settings').input(z.object({ logo: z.instanceof(Blob) })).mutation(async ({ ctx, input }) => {
    await setSellerLogo(ctx, ctx.seller.id, new Uint8Array(await input.logo.arrayBuffer()));
  }),
  removeLogo: sellerProcedure('store:settings').mutation(({ ctx }) => removeSellerLogo(ctx, ctx.seller.id)),
  /** What deleting the store would end and keep, and what stands in its way. */
  closurePreview: sellerProcedure('store:delete').query(({ ctx }) => previewStoreClosure(ctx, { sellerId: ctx.seller.id })),
  closeStore: sellerProcedure('store:delete')
    .input(closeStoreInputSchema)
    .mutation(({ ctx, input }) => closeStore(ctx, { ...input, sellerId: ctx.seller.id, actor: { accountId: ctx.session.accountId, role: ctx.role } })),
});
