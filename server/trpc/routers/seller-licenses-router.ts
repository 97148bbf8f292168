import { z } from 'zod';
import { idSchema, requestIdSchema } from '../../../sdk/src/contract/fields';
import { changeLicenseStatus } from '../../licensing/licenses/change-license-status';
import { cancelScheduledPlanChange } from '../../licensing/licenses/cancel-plan-change';
import { changeLicenseOffering } from '../../licensing/licenses/change-license-offering';
import { changeOfferingSchema } from '../../licensing/licenses/plan-change.schema';
import { listPlanChangeOptions } from '../../licensing/licenses/quote-plan-change';
import { issueSeatCode, issueSeatCodeToCustomer } from '../../licensing/codes/issue-seat-code';
import { addSeatsSchema, issueSeatCodeSchema } from '../../licensing/management-writes.schema';
import { addSeats } from '../../licensing/seats/add-seats';
import { retireSeat } from '../../licensing/seats/retire-seat';
import { revokeLicenseCodeBySeller } from '../../licensing/codes/revoke-license-code-by-seller';
import { usageByFeatureAndDay } from '../../consumption/usage-by-feature-and-day';
import { getSellerLicenseDetail } from '../../licensing/licenses/get-seller-license-detail';
import { listSellerLicenses, sellerLicensesQuerySchema } from '../../licensing/licenses/list-seller-licenses';
import { deactivateLicenseDevice } from '../../licensing/devices/deactivate-license-device';
import { resendLicenseEmail } from '../../licensing/licenses/resend-license-email';
import { createTrpcRouter, sellerProcedure } from '../init';

// The portal's license page acts through the management services themselves; the page makes one
// RequestId per action, so a double submit is one change.
const id = idSchema;
const ask = z.object({ requestId: requestIdSchema, licenseId: id });

export const sellerLicensesRouter = createTrpcRouter({
  list: sellerProcedure('licenses:read').input(sellerLicensesQuerySchema).query(({ ctx, input }) => listSellerLicenses(ctx, { ...input, sellerId: ctx.seller.id })),
  /** One license with its seats, codes and history, and its usage by feature and day. */
  detail: sellerProcedure('licenses:read').input(z.object({ licenseId: z.string().min(1).max(1000) })).query(async ({ ctx, input }) => {
    const license = await getSellerLicenseDetail(ctx, { sellerId: ctx.seller.id, licenseId: input.licenseId });
    const usage = await usageByFeatureAndDay(ctx, license);
    return { license, usage };
  }),
  /** "Resend the license e-mail": the sale's delivery e-mail again, with a new sign-in link to its codes. */
  resendLicenseEmail: sellerProcedure('licenses:write')
    .input(z.object({ licenseId: id }))
    .mutation(({ ctx, input }) => resendLicenseEmail(ctx, { sellerId: ctx.seller.id, licenseId: input.licenseId })),
  /** A new code for a seat, shown once; with `emailCustomer`, also e-mailed to the license's buyer in the same transaction. */
  issueCode: sellerProcedure('licenses:write')
    .input(issueSeatCodeSchema.extend({ licenseId: id, seatId: id, emailCustomer: z.boolean().optional() }))
    .mutation(({ ctx, input: { emailCustomer, ...input } }) =>
      emailCustomer ? issueSeatCodeToCustomer(ctx, { ...input, sellerId: ctx.seller.id }) : issueSeatCode(ctx, { ...input, sellerId: ctx.seller.id }),
    ),
  revokeCode: sellerProcedure('licenses:write')
    .input(ask.extend({ codeId: id }))
    .mutation(({ ctx, input }) => revokeLicenseCodeBySeller(ctx, { ...input, sellerId: ctx.seller.id })),
  /** "Add seats": the management API's add-seats, charged as it is (prorated for the rest of the period). */
  addSeats: sellerProcedure('licenses:write')
    .input(addSeatsSchema.extend({ licenseId: id }))
    .mutation(({ ctx, input }) => addSeats(ctx, { ...input, sellerId: ctx.seller.id })),
  retireSeat: sellerProcedure('licenses:write')
    .input(ask.extend({ seatId: id }))
    .mutation(({ ctx, input }) => retireSeat(ctx, { ...input, sellerId: ctx.seller.id })),
  /** "Deactivate" on a device of the license: it frees its place on every instance. */
  deactivateDevice: sellerProcedure('licenses:write')
    .input(ask.extend({ deviceId: id }))
    .mutation(({ ctx, input }) => deactivateLicenseDevice(ctx, { owner: { sellerId: ctx.seller.id }, licenseId: input.licenseId, deviceId: input.deviceId, requestId: input.requestId })),
  changeStatus: sellerProcedure('licenses:write')
    .input(ask.extend({ change: z.enum(['suspend', 'resume', 'cancel']) }))
    .mutation(({ ctx, input }) => changeLicenseStatus(ctx, { ...input, sellerId: ctx.seller.id })),
  /** "Change plan": the offerings of the product the license may move to, with the figures of each timing, and its scheduled change. */
  planOptions: sellerProcedure('licenses:read')
    .input(z.object({ licenseId: id }))
    .query(({ ctx, input }) => listPlanChangeOptions(ctx, { licenseId: input.licenseId, actor: { by: 'seller', sellerId: ctx.seller.id } })),
  changePlan: sellerProcedure('licenses:write')
    .input(changeOfferingSchema.extend({ licenseId: id }))
    .mutation(({ ctx, input }) => changeLicenseOffering(ctx, { ...input, actor: { by: 'seller', sellerId: ctx.seller.id } })),
  cancelPlanChange: sellerProcedure('licenses:write')
    .input(ask)
    .mutation(({ ctx, input }) => cancelScheduledPlanChange(ctx, { ...input, actor: { by: 'seller', sellerId: ctx.seller.id } })),
});
