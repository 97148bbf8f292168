import { LicenseClassification } from '../catalog/catalog-enums';

// The payment-processor port. The local processor (default) serves its own hosted checkout page;
// Stripe is used when STRIPE_SECRET_KEY is set. Settlement comes back through settleCheckout.

export interface ProcessorSessionInput {
  checkoutId: string;
  seller: { id: string; issuerClientId: string; stripeAccountId: string | null };
  offering: {
    id: string;
    name: string;
    priceMinor: number;
    currency: string;
    classification: number;
    interval: number | null;
    intervalUnit: number | null;
    seatBased: boolean;
  };
  /** Seats bought (Stripe: the line item's quantity). */
  quantity: number;
  customerEmail: string | null;
  /** Where the buyer lands after paying / cancelling (absolute URLs). */
  successUrl: string;
  cancelUrl: string;
  /** `mobile_app` asks the hosted page to optimise for a phone. */
  originContext: 'web' | 'mobile_app' | null;
}

export interface ProcessorSession {
  sessionUrl: string;
  processorSessionId: string;
}

export interface PaymentProcessorAdapter {
  readonly name: 'local' | 'stripe';
  createCheckoutSession(input: ProcessorSessionInput): Promise<ProcessorSession>;
}

/** Subscriptions bill every interval; everything else is a one-time payment. */
export function paymentMode(offering: { classification: number }): 'subscription' | 'payment' {
  return offering.classification === LicenseClassification.Subscription ? 'subscription' : 'payment';
}
