import { z } from 'zod';
import { acceptClaim } from '../../checkout/claim/accept-claim';
import { CLAIM_TOKEN_MAX_LENGTH } from '../../checkout/claim/claim-token';
import { getClaimView } from '../../checkout/claim/claim-view';
import { getCheckoutOutcome } from '../../checkout/get-checkout-outcome';
import { getLocalCheckout } from '../../checkout/local-checkout/get-local-checkout';
import { createTrpcRouter, protectedProcedure, publicProcedure } from '../init';

const checkoutRef = z.object({ checkoutId: z.string().min(1).max(1000) });
// An over-long token is the service's "invalid link" (claim-token.ts), not a refused input.
const claimRef = z.object({ token: z.string().max(CLAIM_TOKEN_MAX_LENGTH * 10) });

/** The pages around a checkout: where it ended, the local processor's hosted page, a claim link. */
export const checkoutPagesRouter = createTrpcRouter({
  /** Where a checkout ended (the return pages); an unknown or absent id is an outcome too. */
  outcome: publicProcedure
    .input(z.object({ checkoutId: z.string().max(1000).optional() }))
    .query(({ ctx, input }) => getCheckoutOutcome(ctx, input.checkoutId)),
  /** The local processor's hosted checkout page: whoever holds the session's address may pay. */
  localCheckout: publicProcedure.input(checkoutRef).query(({ ctx, input }) => getLocalCheckout(ctx, input)),
  /** The claim page: whoever holds the link may see what it offers. */
  claim: publicProcedure.input(claimRef).query(({ ctx, input }) => getClaimView(ctx, input)),
  /** "Accept" on the claim page: only the account of the claim's address (acceptClaim checks). */
  acceptClaim: protectedProcedure
    .input(claimRef)
    .mutation(({ ctx, input }) => acceptClaim(ctx, { token: input.token, accountId: ctx.session.accountId, accountEmail: ctx.session.email })),
});
