import { db } from '../../../db';
import { env } from '../../../env';
import { applyProcessorEvent } from '../../../orders/processor-events/apply-processor-event';
import { isLiveKey } from '../../../payments/stripe/stripe-client';
import { translateStripeEvent, verifyStripeEvent } from '../../../payments/stripe/stripe-events';
import { jsonResponse } from '../../json';
import { logger } from '../../../platform/logging/logger';

// POST /payments/stripe/webhook: Stripe's event deliveries. Not a REST path of the spec, so its
// answers are what Stripe reads: any 2xx acknowledges, anything else is delivered again later.
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

export async function handleStripeWebhook(request: Request): Promise<Response> {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_CONNECT_WEBHOOK_SECRET } = env();
  if (!STRIPE_SECRET_KEY || !STRIPE_WEBHOOK_SECRET) {
    return jsonResponse({ error: 'Stripe is not configured.' }, { status: 404, headers: noStore });
  }
  const signature = request.headers.get('stripe-signature');
  if (!signature) return jsonResponse({ error: 'Missing Stripe-Signature header.' }, { status: 400, headers: noStore });

  // The signature covers the exact bytes Stripe sent, so the body is verified before any parsing.
  const raw = await request.text();
  const secrets = STRIPE_CONNECT_WEBHOOK_SECRET ? [STRIPE_WEBHOOK_SECRET, STRIPE_CONNECT_WEBHOOK_SECRET] : [STRIPE_WEBHOOK_SECRET];
  const event = verifyStripeEvent(raw, signature, secrets);
  if (event === 'invalid-signature') return jsonResponse({ error: 'Invalid Stripe signature.' }, { status: 400, headers: noStore });
  if (event === 'malformed') return jsonResponse({ error: 'Not a Stripe event.' }, { status: 400, headers: noStore });

  if (event.livemode !== isLiveKey(STRIPE_SECRET_KEY)) {
    logger.warn(
      { eventId: event.id, eventType: event.type, eventAccount: event.account ?? null, livemode: event.livemode },
      'stripe: event ignored: its mode is not the secret key’s',
    );
    return jsonResponse({ received: true }, { headers: noStore });
  }

  try {
    const translated = translateStripeEvent(event);
    // What nothing here depends on is acknowledged, so Stripe stops sending it.
    if (translated) await applyProcessorEvent({ db: db() }, translated);
  } catch (error) {
    logger.error({ err: error, eventType: event.type, eventId: event.id }, 'stripe: handling the event failed; Stripe will redeliver it');
    return jsonResponse({ error: 'The event could not be handled; it will be retried.' }, { status: 500, headers: noStore });
  }
  return jsonResponse({ received: true }, { headers: noStore });
}
