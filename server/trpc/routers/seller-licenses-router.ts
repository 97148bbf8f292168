import { z } from 'zod';
import { requestIdSchema } from '../../checkout/purchase-checkout.schema';
import { changeLicenseStatus } from '../../licensing/licenses/change-license-status';
import { issueSeatCode } from '../../licensing/codes/issue-seat-code';
import { retireSeat } from '../../licensing/seats/retire-seat';
import { revokeLicenseCodeBySeller } from '../../licensing/codes/revoke-license-code-by-seller';
import { createTrpcRouter, sellerProcedure } from '../init';

// The portal's license page acts through the management services themselves; the page makes one
// RequestId per action, so a double submit is one change.
const id = z.string().min(1).max(100);
const ask = z.object({ requestId: requestIdSchema, licenseId: id });

export const sellerLicensesRouter = createTrpcRouter({
  issueCode: sellerProcedure
    .input(ask.extend({ seatId: id, label: z.string().trim().min(1, 'Give the code a label, e.g. the machine it is for.').max(100) }))
    .mutation(({ ctx, input }) => issueSeatCode(ctx, { ...input, sellerId: ctx.seller.id })),
  revokeCode: sellerProcedure
    .input(ask.extend({ codeId: id }))
    .mutation(({ ctx, input }) => revokeLicenseCodeBySeller(ctx, { ...input, sellerId: ctx.seller.id })),
  retireSeat: sellerProcedure
    .input(ask.extend({ seatId: id }))
    .mutation(({ ctx, input }) => retireSeat(ctx, { ...input, sellerId: ctx.seller.id })),
  changeStatus: sellerProcedure
    .input(ask.extend({ change: z.enum(['suspend', 'resume', 'cancel']) }))
    .mutation(({ ctx, input }) => changeLicenseStatus(ctx, { ...input, sellerId: ctx.seller.id })),
});
