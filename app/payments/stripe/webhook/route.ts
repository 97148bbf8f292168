// Stripe's webhook deliveries; the handler is a plain fetch function in server/http.
import { handleStripeWebhook } from '@/server/http/endpoints/stripe-webhook-endpoint';

export const dynamic = 'force-dynamic';
export { handleStripeWebhook as POST };
