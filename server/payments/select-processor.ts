import { env } from '../env';
import { localProcessor } from './local-processor';
import type { PaymentProcessorAdapter } from './payment-processor';

let stripeAdapter: PaymentProcessorAdapter | undefined;

/** Stripe when STRIPE_SECRET_KEY is set, the local processor otherwise. */
export async function selectPaymentProcessor(): Promise<PaymentProcessorAdapter> {
  if (!env().STRIPE_SECRET_KEY) return localProcessor;
  stripeAdapter ??= (await import('./stripe-processor')).stripeProcessor();
  return stripeAdapter;
}
