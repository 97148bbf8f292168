import type Stripe from 'stripe';
import { db } from '../../db';
import { env } from '../../env';
import { handleStripeEvent } from '../../payments/handle-stripe-event';
import { stripeClient } from '../../payments/stripe-client';
import { jsonResponse } from '../json';
import { logger } from '../../platform/logging/logger';

// POST /payments/stripe/webhook: Stripe's event deliveries. Not a REST path of the spec, so its
// answers are what Stripe reads: any 2xx acknowledges, anything else is delivered again later.

const noStore = { 'Cache-Control': 'no-store' };

export async function handleStripeWebhook(request: Request): Promise<Response> {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } = env();
  if (!STRIPE_SECRET_KEY || !STRIPE_WEBHOOK_SECRET) {
    return jsonResponse({ error: 'Stripe is not configured.' }, { status: 404, headers: noStore });
  }
  const signature = request.headers.get('stripe-signature');
  if (!signature) return jsonResponse({ error: 'Missing Stripe-Signature header.' }, { status: 400, headers: noStore });

  // The signature covers the exact bytes Stripe sent, so the body is verified before any parsing.
  const raw = await request.text();
  let event: Stripe.Event;
  try {
    event = stripeClient().webhooks.constructEvent(raw, signature, STRIPE_WEBHOOK_SECRET);
  } catch {
    return jsonResponse({ error: 'Invalid Stripe signature.' }, { status: 400, headers: noStore });
  }

  try {
    await handleStripeEvent({ db: db() }, event);
  } catch (error) {
    logger.error({ err: error, eventType: event.type, eventId: event.id }, 'stripe: handling the event failed; Stripe will redeliver it');
    return jsonResponse({ error: 'The event could not be handled; it will be retried.' }, { status: 500, headers: noStore });
  }
  return jsonResponse({ received: true }, { headers: noStore });
}
