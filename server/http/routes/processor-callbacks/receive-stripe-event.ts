import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { db } from '../../../db';
import { env } from '../../../env';
import { DomainError } from '../../../errors';
import { applyProcessorEvent } from '../../../orders/processor-events/apply-processor-event';
import { isLiveKey } from '../../../payments/stripe/stripe-client';
import { translateStripeEvent, verifyStripeEvent } from '../../../payments/stripe/stripe-events';
import type { AppEnv } from '../../app-env';
import { logger } from '../../../platform/logging/logger';

// POST /payments/stripe/webhook: Stripe's event deliveries. Not a REST path of the spec, so its
// answers are what Stripe reads (the processor callbacks surface's renderer): any 2xx acknowledges,
// anything else is delivered again later.
//
// One URL serves both of Stripe's endpoints, each signing with a secret of its own:
// - the account endpoint (the platform's own events): STRIPE_WEBHOOK_SECRET;
// - the Connect endpoint (events of the sellers' connected accounts, where direct charges and
//   their subscriptions live, and account.updated of onboarding): STRIPE_CONNECT_WEBHOOK_SECRET.
// A delivery is accepted when it verifies under either; which one does not matter further, since
// every event is then checked against the seller's own account (applyProcessorEvent).
// An event of the other mode (livemode under an sk_test_ key, or a test event under sk_live_) is
// acknowledged, logged and ignored: a test-mode Connect endpoint must not move live licenses.

const noStore = { 'Cache-Control': 'no-store' };
const acknowledged = z.object({ received: z.boolean() });
const refused = z.object({ error: z.string() });
const answer = (description: string, schema: z.ZodType = refused) => ({ description, content: { 'application/json': { schema } } });

export const route = createRoute({
  method: 'post',
  path: '/payments/stripe/webhook',
  operationId: 'receiveStripeEvent',
  summary: "Stripe's event deliveries (account and Connect endpoints), verified by Stripe-Signature before anything is read",
  tags: ['Processor callbacks'],
  security: [],
  'x-internal': true,
  // The body (a Stripe event) is read raw by the handler: the signature covers the exact bytes Stripe sent.
  responses: {
    200: { description: 'Handled, or nothing here depends on it.', content: { 'application/json': { schema: acknowledged } } },
    400: answer('No Stripe-Signature, a signature that does not verify, or not a Stripe event.'),
    404: answer('Stripe is not configured.'),
    500: answer('The event could not be handled; Stripe delivers it again.'),
  },
});

export async function handler(c: Context<AppEnv>) {
  const request = c.req.raw;
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_CONNECT_WEBHOOK_SECRET } = env();
  if (!STRIPE_SECRET_KEY || !STRIPE_WEBHOOK_SECRET) throw new DomainError('NotFound', 'Stripe is not configured.');
  const signature = request.headers.get('stripe-signature');
  if (!signature) throw new DomainError('ValidationError', 'Missing Stripe-Signature header.');

  // The signature covers the exact bytes Stripe sent, so the body is verified before any parsing.
  const raw = await request.text();
  const secrets = STRIPE_CONNECT_WEBHOOK_SECRET ? [STRIPE_WEBHOOK_SECRET, STRIPE_CONNECT_WEBHOOK_SECRET] : [STRIPE_WEBHOOK_SECRET];
  const event = verifyStripeEvent(raw, signature, secrets);
  if (event === 'invalid-signature') throw new DomainError('ValidationError', 'Invalid Stripe signature.');
  if (event === 'malformed') throw new DomainError('ValidationError', 'Not a Stripe event.');

  if (event.livemode !== isLiveKey(STRIPE_SECRET_KEY)) {
    logger.warn(
      { eventId: event.id, eventType: event.type, eventAccount: event.account ?? null, livemode: event.livemode },
      'stripe: event ignored: its mode is not the secret key’s',
    );
    return c.json({ received: true }, 200, noStore);
  }

  try {
    const translated = translateStripeEvent(event);
    // What nothing here depends on is acknowledged, so Stripe stops sending it.
    if (translated) await applyProcessorEvent({ db: db() }, translated);
  } catch (error) {
    logger.error({ err: error, eventType: event.type, eventId: event.id }, 'stripe: handling the event failed; Stripe will redeliver it');
    throw new DomainError('ServerError', 'The event could not be handled; it will be retried.');
  }
  return c.json({ received: true }, 200, noStore);
}
