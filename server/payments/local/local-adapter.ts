import crypto from 'node:crypto';
import { env } from '../../env';
import type { CheckoutPaymentState, PaymentPort, ProcessorEvent, ProcessorEventBody } from '../port';

// The payment port on the built-in processor. Our records are its whole state: a checkout is paid
// on its own hosted page (/checkout/local/{sessionId}), a refund is recorded, not sent, and a
// seller's decision has nobody else to tell. It reports the same ProcessorEvents Stripe's
// notifications become (localProcessorEvent), so every rule of the domain runs without Stripe too:
// the Pay button, the operator's `npm run admin -- processor-event …`, and the tests.

export const localPort: PaymentPort = {
  name: 'local',
  // The checkout's amounts are its record (the service computed the discount): nothing to make.
  async prepareDiscount() {
    return null;
  },
  async openCheckout(request) {
    const url = new URL(`${env().publicBaseUrl}/checkout/local/${request.checkoutId}`);
    if (request.originContext === 'mobile_app') url.searchParams.set('ui', 'mobile');
    return { sessionUrl: url.toString(), processorSessionId: `local_${request.checkoutId}` };
  },
  // Paid on our own page, which settles the checkout itself: nothing to learn from elsewhere.
  async readCheckoutPayment(): Promise<CheckoutPaymentState> {
    return { paid: false };
  },
  async applyDecision() {
    return 'applied';
  },
  async refund(request) {
    return { processorRefundId: `local_re_${request.refundId}` };
  },
  async readSubscription() {
    return null;
  },
  async reportUsage() {},
  async openBillingPortal(input) {
    return { url: input.returnUrl };
  },
};

/** An event of the local processor, as it happens now; `id` makes a repeated report apply once. */
export function localProcessorEvent(body: ProcessorEventBody, options: { id?: string; occurredAt?: Date } = {}): ProcessorEvent {
  return { ...body, id: options.id ?? `local_evt_${crypto.randomUUID()}`, processor: 'local', account: null, occurredAt: options.occurredAt ?? new Date() };
}
