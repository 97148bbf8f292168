import { z } from 'zod';
import { idSchema, issuerClientIdSchema } from '../../../sdk/src/contract/fields';
import { getOfferingDetail } from '../../catalog/get-offering-detail';
import { getStorefront } from '../../catalog/get-storefront';
import { createTrpcRouter, publicProcedure } from '../init';

export const catalogRouter = createTrpcRouter({
  storefront: publicProcedure
    .input(z.object({ issuerClientId: issuerClientIdSchema }))
    .query(({ ctx, input }) => getStorefront(ctx, input.issuerClientId)),
  offering: publicProcedure
    .input(z.object({ issuerClientId: issuerClientIdSchema, offeringId: idSchema }))
    .query(({ ctx, input }) => getOfferingDetail(ctx, input.issuerClientId, input.offeringId)),
});
