import { env } from '../env';
import { assertLocalProcessorAllowed, localProcessor } from './local-processor';
import type { PaymentProcessorAdapter } from './payment-processor';

let stripeAdapter: PaymentProcessorAdapter | undefined;

/**
 * Stripe when STRIPE_SECRET_KEY is set, the local processor otherwise; the local processor is
 * refused under NODE_ENV=production unless LOCAL_PROCESSOR_IN_PRODUCTION=true (it takes no money).
 */
export async function selectPaymentProcessor(): Promise<PaymentProcessorAdapter> {
  if (!env().STRIPE_SECRET_KEY) {
    assertLocalProcessorAllowed();
    return localProcessor;
  }
  stripeAdapter ??= (await import('./stripe-processor')).stripeProcessor();
  return stripeAdapter;
}
