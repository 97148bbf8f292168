import { env } from '../env';
import { localPort } from './local/local-adapter';
import { assertLocalProcessorAllowed } from './local/local-processor';
import type { PaymentPort, ProcessorName } from './port';
import { stripePort } from './stripe/stripe-adapter';

/**
 * The processor that takes new payments: Stripe when STRIPE_SECRET_KEY is set, the local processor
 * otherwise; the local processor is refused under NODE_ENV=production unless
 * LOCAL_PROCESSOR_IN_PRODUCTION=true (it takes no money).
 */
export function selectPaymentProcessor(): PaymentPort {
  if (env().STRIPE_SECRET_KEY) return stripePort;
  assertLocalProcessorAllowed();
  return localPort;
}

/** The processor that sold something (a checkout's `processor`): refunds and decisions go back to it. */
export function paymentPortFor(name: ProcessorName): PaymentPort {
  return name === 'stripe' ? stripePort : localPort;
}
