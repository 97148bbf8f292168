import { z } from 'zod';
import { getOfferingDetail } from '../../catalog/get-offering-detail';
import { getStorefront } from '../../catalog/get-storefront';
import { createTrpcRouter, publicProcedure } from '../init';

export const catalogRouter = createTrpcRouter({
  storefront: publicProcedure
    .input(z.object({ issuerClientId: z.string().min(1) }))
    .query(({ ctx, input }) => getStorefront(ctx, input.issuerClientId)),
  offering: publicProcedure
    .input(z.object({ issuerClientId: z.string().min(1), offeringId: z.string().min(1) }))
    .query(({ ctx, input }) => getOfferingDetail(ctx, input.issuerClientId, input.offeringId)),
});
