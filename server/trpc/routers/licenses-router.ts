import { cancelSubscriptionAtPeriodEnd } from '../../licensing/subscriptions/cancel-subscription-at-period-end';
import { issueBuyerCodeInputSchema, issueLicenseCodeByBuyer } from '../../licensing/codes/issue-license-code-by-buyer';
import { keepSubscription } from '../../licensing/subscriptions/keep-subscription';
import { openBillingPortal } from '../../licensing/subscriptions/open-billing-portal';
import { revokeLicenseCodeByBuyer, revokeLicenseCodeInputSchema } from '../../licensing/codes/revoke-license-code-by-buyer';
import { subscriptionBillingInputSchema } from '../../licensing/subscriptions/subscription-billing.schema';
import { z } from 'zod';
import { idSchema, requestIdSchema } from '../../../sdk/src/contract/fields';
import { cancelScheduledPlanChange } from '../../licensing/licenses/cancel-plan-change';
import { changeLicenseOffering } from '../../licensing/licenses/change-license-offering';
import { changeOfferingSchema } from '../../licensing/licenses/plan-change.schema';
import { listPlanChangeOptions } from '../../licensing/licenses/quote-plan-change';
import { getCheckoutResultForBuyer, getSaleCodesForBuyer } from '../../checkout/get-checkout-result';
import { listBuyerLicenses } from '../../licensing/licenses/list-buyer-licenses';
import { getSubscriptionBilling } from '../../licensing/subscriptions/get-subscription-billing';
import { deactivateLicenseDevice } from '../../licensing/devices/deactivate-license-device';
import { createTrpcRouter, protectedProcedure } from '../init';

/** The buyer's license page and the billing of their subscriptions. */
export const licensesRouter = createTrpcRouter({
  list: protectedProcedure.query(({ ctx }) => listBuyerLicenses(ctx, { buyerAccountId: ctx.session.accountId })),
  /** What became of one of the buyer's checkouts (the license page's ?session=). */
  checkoutResult: protectedProcedure
    .input(z.object({ sessionId: z.string().min(1).max(100) }))
    .query(({ ctx, input }) => getCheckoutResultForBuyer(ctx, { sessionId: input.sessionId, buyerAccountId: ctx.session.accountId })),
  /** The license codes that checkout issued, one per seat, still live (the success page, the license page's ?session=). */
  saleCodes: protectedProcedure
    .input(z.object({ sessionId: z.string().min(1).max(100) }))
    .query(({ ctx, input }) => getSaleCodesForBuyer(ctx, { sessionId: input.sessionId, buyerAccountId: ctx.session.accountId })),
  billing: protectedProcedure
    .input(subscriptionBillingInputSchema)
    .query(({ ctx, input }) => getSubscriptionBilling(ctx, { licenseId: input.licenseId, buyerAccountId: ctx.session.accountId })),
  revokeCode: protectedProcedure
    .input(revokeLicenseCodeInputSchema)
    .mutation(({ ctx, input }) => revokeLicenseCodeByBuyer(ctx, { codeId: input.codeId, buyerAccountId: ctx.session.accountId })),
  issueCode: protectedProcedure
    .input(issueBuyerCodeInputSchema)
    .mutation(({ ctx, input }) => issueLicenseCodeByBuyer(ctx, { ...input, buyerAccountId: ctx.session.accountId })),
  /** "Deactivate" on one of the buyer's devices (moving to a new computer): it frees its place on every instance. */
  deactivateDevice: protectedProcedure
    .input(z.object({ licenseId: idSchema, deviceId: idSchema }))
    .mutation(({ ctx, input }) => deactivateLicenseDevice(ctx, { owner: { buyerAccountId: ctx.session.accountId }, licenseId: input.licenseId, deviceId: input.deviceId })),
  openBillingPortal: protectedProcedure
    .input(subscriptionBillingInputSchema)
    .mutation(({ ctx, input }) => openBillingPortal(ctx, { licenseId: input.licenseId, buyerAccountId: ctx.session.accountId })),
  cancelSubscription: protectedProcedure
    .input(subscriptionBillingInputSchema)
    .mutation(({ ctx, input }) => cancelSubscriptionAtPeriodEnd(ctx, { licenseId: input.licenseId, buyerAccountId: ctx.session.accountId })),
  keepSubscription: protectedProcedure
    .input(subscriptionBillingInputSchema)
    .mutation(({ ctx, input }) => keepSubscription(ctx, { licenseId: input.licenseId, buyerAccountId: ctx.session.accountId })),
  /** "Change plan" on a license the buyer holds: the listed offerings of its product it may move to, with their figures, and its scheduled change. */
  planOptions: protectedProcedure
    .input(z.object({ licenseId: idSchema }))
    .query(({ ctx, input }) => listPlanChangeOptions(ctx, { licenseId: input.licenseId, actor: { by: 'buyer', buyerAccountId: ctx.session.accountId } })),
  /** The page makes one RequestId per confirmation: a double submit is one change. */
  changePlan: protectedProcedure
    .input(changeOfferingSchema.extend({ licenseId: idSchema }))
    .mutation(({ ctx, input }) => changeLicenseOffering(ctx, { ...input, actor: { by: 'buyer', buyerAccountId: ctx.session.accountId } })),
  cancelPlanChange: protectedProcedure
    .input(z.object({ requestId: requestIdSchema, licenseId: idSchema }))
    .mutation(({ ctx, input }) => cancelScheduledPlanChange(ctx, { ...input, actor: { by: 'buyer', buyerAccountId: ctx.session.accountId } })),
});
