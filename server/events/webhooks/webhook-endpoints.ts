import crypto from 'node:crypto';
import { z } from 'zod';
import type { WebhookEndpoint } from '@/generated/prisma/client';
import { defineSealedValues } from '../../crypto/reseal-secrets';
import { open, seal } from '../../crypto/secret-box';
import type { Db } from '../../db';
import { env } from '../../env';
import { DomainError } from '../../errors';
import { EVENT_TYPES, PING_EVENT_TYPE } from '../event-types';
import { signalDeliveries } from './delivery-topic';
import { checkWebhookUrl } from './webhook-url';

// A seller's webhook endpoints (docs/api/webhooks.md): made, read, changed and
// removed with the account API key or in the portal. The signing secret (whsec_…) is shown once,
// when made and when rotated; after a rotation the old secret signs beside the new one for 24 hours,
// so a receiver can switch without losing an event.

const WEBHOOK_SECRET_SEAL_PURPOSE = 'webhook-secret';
const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;
const MAX_ENDPOINTS_PER_SELLER = 20;

const eventTypesSchema = z
  .array(z.enum(EVENT_TYPES))
  .max(EVENT_TYPES.length)
  .describe('Event types sent to the endpoint; empty (or left out) for every type.');

export const createWebhookEndpointSchema = z.object({
  url: z.string().trim().min(1).max(2048),
  eventTypes: eventTypesSchema.default([]),
  description: z.string().trim().max(500).nullable().optional(),
});

export const updateWebhookEndpointSchema = z.object({
  url: z.string().trim().min(1).max(2048).optional(),
  eventTypes: eventTypesSchema.optional(),
  description: z.string().trim().max(500).nullable().optional(),
  /** false pauses deliveries; true enables again (also an endpoint the service disabled). */
  enabled: z.boolean().optional(),
});

export const webhookEndpointViewSchema = z.object({
  id: z.string(),
  url: z.string(),
  eventTypes: z.array(z.string()),
  description: z.string().nullable(),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
});

export const webhookEndpointWithSecretSchema = webhookEndpointViewSchema.extend({
  /** The signing secret: shown here only. */
  secret: z.string(),
});

export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointViewSchema) });

export type CreateWebhookEndpointInput = z.input<typeof createWebhookEndpointSchema>;
export type UpdateWebhookEndpointInput = z.input<typeof updateWebhookEndpointSchema>;
export type WebhookEndpointView = z.infer<typeof webhookEndpointViewSchema>;
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

function toView(endpoint: WebhookEndpoint): WebhookEndpointView {
  return {
    id: endpoint.id,
    url: endpoint.url,
    eventTypes: endpoint.eventTypes,
    description: endpoint.description,
    enabled: endpoint.enabled,
    disabledReason: endpoint.disabledReason,
    createdAt: endpoint.createdAt.toISOString(),
  };
}

function newSecret(): string {
  return `whsec_${crypto.randomBytes(24).toString('base64')}`;
}

/** The secrets that sign now: the current one, and the one before a rotation for its 24 hours. */
export function signingSecrets(endpoint: Pick<WebhookEndpoint, 'secretCiphertext' | 'previousSecretCiphertext' | 'previousSecretUntil'>, now = new Date()): string[] {
  const secrets = [open(WEBHOOK_SECRET_SEAL_PURPOSE, endpoint.secretCiphertext)];
  if (endpoint.previousSecretCiphertext && endpoint.previousSecretUntil && endpoint.previousSecretUntil > now) secrets.push(open(WEBHOOK_SECRET_SEAL_PURPOSE, endpoint.previousSecretCiphertext));
  return secrets;
}

async function ownEndpoint(ctx: { db: Db }, sellerId: string, endpointId: string): Promise<WebhookEndpoint> {
  const endpoint = await ctx.db.webhookEndpoint.findFirst({ where: { id: endpointId, sellerId } });
  if (!endpoint) throw new DomainError('NotFound', 'No webhook endpoint with that id.');
  return endpoint;
}

export async function createWebhookEndpoint(ctx: { db: Db }, input: CreateWebhookEndpointInput & { sellerId: string }): Promise<WebhookEndpointWithSecret> {
  const fields = createWebhookEndpointSchema.parse(input);
  const url = checkWebhookUrl(fields.url, env().WEBHOOK_ALLOW_PRIVATE_URLS);
  if ((await ctx.db.webhookEndpoint.count({ where: { sellerId: input.sellerId } })) >= MAX_ENDPOINTS_PER_SELLER) {
    throw new DomainError('ValidationError', `A seller has at most ${MAX_ENDPOINTS_PER_SELLER} webhook endpoints.`, { details: [{ Code: 'Invalid', Message: 'Remove an endpoint first.', Field: 'Url' }] });
  }
  const secret = newSecret();
  const endpoint = await ctx.db.webhookEndpoint.create({
    data: { sellerId: input.sellerId, url, eventTypes: [...new Set(fields.eventTypes)], description: fields.description ?? null, secretCiphertext: seal(WEBHOOK_SECRET_SEAL_PURPOSE, secret) },
  });
  return { ...toView(endpoint), secret };
}

export async function listWebhookEndpoints(ctx: { db: Db }, sellerId: string): Promise<{ endpoints: WebhookEndpointView[] }> {
  const endpoints = await ctx.db.webhookEndpoint.findMany({ where: { sellerId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return { endpoints: endpoints.map(toView) };
}

export async function getWebhookEndpoint(ctx: { db: Db }, input: { sellerId: string; endpointId: string }): Promise<WebhookEndpointView> {
  return toView(await ownEndpoint(ctx, input.sellerId, input.endpointId));
}

export async function updateWebhookEndpoint(ctx: { db: Db }, input: UpdateWebhookEndpointInput & { sellerId: string; endpointId: string }): Promise<WebhookEndpointView> {
  const fields = updateWebhookEndpointSchema.parse(input);
  await ownEndpoint(ctx, input.sellerId, input.endpointId);
  const endpoint = await ctx.db.webhookEndpoint.update({
    where: { id: input.endpointId },
    data: {
      ...(fields.url !== undefined ? { url: checkWebhookUrl(fields.url, env().WEBHOOK_ALLOW_PRIVATE_URLS) } : {}),
      ...(fields.eventTypes !== undefined ? { eventTypes: [...new Set(fields.eventTypes)] } : {}),
      ...(fields.description !== undefined ? { description: fields.description } : {}),
      ...(fields.enabled !== undefined ? { enabled: fields.enabled, disabledReason: null, ...(fields.enabled ? { failingSince: null } : {}) } : {}),
    },
  });
  return toView(endpoint);
}

export async function deleteWebhookEndpoint(ctx: { db: Db }, input: { sellerId: string; endpointId: string }): Promise<void> {
  await ownEndpoint(ctx, input.sellerId, input.endpointId);
  await ctx.db.webhookEndpoint.delete({ where: { id: input.endpointId } });
}

/** A new secret; the current one keeps signing beside it for 24 hours. */
export async function rotateWebhookSecret(ctx: { db: Db; now?: Date }, input: { sellerId: string; endpointId: string }): Promise<WebhookEndpointWithSecret> {
  const current = await ownEndpoint(ctx, input.sellerId, input.endpointId);
  const secret = newSecret();
  const now = ctx.now ?? new Date();
  const endpoint = await ctx.db.webhookEndpoint.update({
    where: { id: current.id },
    data: { secretCiphertext: seal(WEBHOOK_SECRET_SEAL_PURPOSE, secret), previousSecretCiphertext: current.secretCiphertext, previousSecretUntil: new Date(now.getTime() + ROTATION_OVERLAP_MS) },
  });
  return { ...toView(endpoint), secret };
}

/**
 * A `ping` event to this endpoint only, sent like any other (signed, retried, in its delivery log).
 * Pings are not in the events feed.
 */
export async function sendTestEvent(ctx: { db: Db }, input: { sellerId: string; endpointId: string }): Promise<{ eventId: string; deliveryId: string }> {
  const endpoint = await ownEndpoint(ctx, input.sellerId, input.endpointId);
  return ctx.db.$transaction(async (tx) => {
    const event = await tx.event.create({
      data: { sellerId: input.sellerId, type: PING_EVENT_TYPE, data: { EndpointId: endpoint.id } },
      select: { id: true },
    });
    const delivery = await tx.webhookDelivery.create({ data: { endpointId: endpoint.id, eventId: event.id }, select: { id: true } });
    await signalDeliveries(tx, input.sellerId);
    return { eventId: event.id, deliveryId: delivery.id };
  });
}

/** Signing secrets of webhook endpoints, for re-sealing under a new APP_SECRET. */
export const sealedWebhookSecrets = defineSealedValues({
  name: 'webhookSecrets',
  label: 'webhook signing secrets',
  purpose: WEBHOOK_SECRET_SEAL_PURPOSE,
  page: async (db, after, limit) =>
    (await db.webhookEndpoint.findMany({ where: after ? { id: { gt: after } } : {}, select: { id: true, secretCiphertext: true }, orderBy: { id: 'asc' }, take: limit })).map((endpoint) => ({
      id: endpoint.id,
      sealed: endpoint.secretCiphertext,
    })),
  replace: async (db, value, next) => (await db.webhookEndpoint.updateMany({ where: { id: value.id, secretCiphertext: value.sealed }, data: { secretCiphertext: next } })).count,
});
