import { z } from 'zod';
import { EVENT_DESCRIPTIONS, EVENT_TYPES } from '../../events/event-types';
import { deliveryLogQuerySchema, listDeliveries, resendDelivery, resendDeliverySchema } from '../../events/webhooks/webhook-deliveries';
import {
  createWebhookEndpoint,
  createWebhookEndpointSchema,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhookEndpoint,
  updateWebhookEndpointSchema,
} from '../../events/webhooks/webhook-endpoints';
import { createTrpcRouter, sellerProcedure } from '../init';

const endpointRef = z.object({ endpointId: z.string().min(1).max(100) });

/** The portal's webhooks page: the same services as /licensing-mgmt/webhook-endpoints, for the signed-in seller. */
export const webhooksRouter = createTrpcRouter({
  /** Every event type with what it says happened, in one line. */
  eventTypes: sellerProcedure('webhooks:read').query(() => EVENT_TYPES.map((type) => ({ type, description: EVENT_DESCRIPTIONS[type] }))),
  list: sellerProcedure('webhooks:read').query(async ({ ctx }) => (await listWebhookEndpoints(ctx, ctx.seller.id)).endpoints),
  /** Answers the signing secret this once. */
  create: sellerProcedure('webhooks:write').input(createWebhookEndpointSchema).mutation(({ ctx, input }) => createWebhookEndpoint(ctx, { ...input, sellerId: ctx.seller.id })),
  update: sellerProcedure('webhooks:write').input(updateWebhookEndpointSchema.extend(endpointRef.shape)).mutation(({ ctx, input }) => updateWebhookEndpoint(ctx, { ...input, sellerId: ctx.seller.id })),
  remove: sellerProcedure('webhooks:write').input(endpointRef).mutation(({ ctx, input }) => deleteWebhookEndpoint(ctx, { ...input, sellerId: ctx.seller.id })),
  /** Answers the new secret this once; the old one signs for 24 hours more. */
  rotateSecret: sellerProcedure('webhooks:write').input(endpointRef).mutation(({ ctx, input }) => rotateWebhookSecret(ctx, { ...input, sellerId: ctx.seller.id })),
  sendTest: sellerProcedure('webhooks:write').input(endpointRef).mutation(({ ctx, input }) => sendTestEvent(ctx, { ...input, sellerId: ctx.seller.id })),
  deliveries: sellerProcedure('webhooks:read').input(deliveryLogQuerySchema).query(({ ctx, input }) => listDeliveries(ctx, { ...input, sellerId: ctx.seller.id })),
  resend: sellerProcedure('webhooks:write').input(resendDeliverySchema).mutation(({ ctx, input }) => resendDelivery(ctx, { ...input, sellerId: ctx.seller.id })),
});
