import { env } from '../env';
import type { PaymentProcessorAdapter, ProcessorSession, ProcessorSessionInput } from './payment-processor';

/**
 * The built-in processor, like a test mode: its hosted checkout page is served by this app at
 * /checkout/local/{sessionId}; paying there settles the checkout.
 */
export const localProcessor: PaymentProcessorAdapter = {
  name: 'local',
  async createCheckoutSession(input: ProcessorSessionInput): Promise<ProcessorSession> {
    const url = new URL(`${env().publicBaseUrl}/checkout/local/${input.checkoutId}`);
    if (input.originContext === 'mobile_app') url.searchParams.set('ui', 'mobile');
    return { sessionUrl: url.toString(), processorSessionId: `local_${input.checkoutId}` };
  },
};
