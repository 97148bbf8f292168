// The payment port (docs/payments.md "The port"): what the domain needs from a payment processor,
// and what a processor tells the domain, in the domain's words. Two adapters implement it, each in
// its own room: payments/stripe/ (Stripe Checkout, subscriptions, Connect) and payments/local/ (the
// built-in processor, a test mode served by this app). No other room knows which one is live, and
// payments/ imports no domain room: domain rooms call the verbs below and consume ProcessorEvents.

export type ProcessorName = 'local' | 'stripe';

/** A billing period in the processor's terms. */
export interface BillingInterval {
  unit: 'day' | 'week' | 'month' | 'year';
  count: number;
}

/** What a hosted checkout asks the processor to collect. */
export interface CheckoutRequest {
  checkoutId: string;
  /** The seller's account at the processor (Stripe: its connected account), when it has one. */
  account: string | null;
  productName: string;
  /** One unit's price in minor units of `currency` (lower case ISO 4217). */
  unitAmountMinor: number;
  currency: string;
  /** Units bought (seats). */
  quantity: number;
  /** A subscription bills every interval; null is a one-time payment. */
  interval: BillingInterval | null;
  /** A subscription's free trial: this many days before the first period is billed (the card is taken now). */
  trialDays: number | null;
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
  /** `mobile_app` asks the hosted page to fit a phone. */
  originContext: 'web' | 'mobile_app' | null;
  /** A discount code the service checked and counted for this checkout; the processor takes it off. */
  discount: CheckoutDiscount | null;
  /** Tax to collect (the seller collects it): whether the price includes it. Null: none. */
  tax: { behavior: 'exclusive' | 'inclusive' } | null;
}

/** A seller's discount code in the processor's terms (what it takes off is fixed at its creation). */
export interface CheckoutDiscount {
  id: string;
  /** As the buyer typed it, upper case. */
  code: string;
  name: string | null;
  kind: 'percent' | 'amount';
  percentOff: number | null;
  /** What an `amount` discount takes off, per currency (lower case), minor units. */
  amounts: { currency: string; amountMinor: number }[];
  duration: 'once' | 'forever' | 'repeating';
  durationMonths: number | null;
  /** The processor's own objects for it, once prepareDiscount has made them. */
  processorRefs: ProcessorDiscountRefs | null;
}

/** Stripe: the coupon (what it takes off) and the promotion code (the code buyers see). */
export interface ProcessorDiscountRefs {
  couponId: string;
  promotionCodeId: string;
}

export interface ProcessorSession {
  sessionUrl: string;
  processorSessionId: string;
}

/** Where a subscription lives at its processor. */
export interface SubscriptionRef {
  account: string | null;
  subscriptionId: string;
}

/** A seller's decision about a subscription, told to the processor after it commits. */
export type SubscriptionDecision =
  | { kind: 'cancel' }
  | { kind: 'pause' }
  | { kind: 'resume' }
  | { kind: 'set-quantity'; quantity: number }
  /**
   * A new price per unit (a plan change). `proration` `now`: the processor prorates the rest of the
   * current period from `fromUnitAmountMinor` (Stripe: create_prorations; an item still carrying a
   * price told for a period's end is put back to `fromUnitAmountMinor` first, unprorated); `period_end`:
   * no proration, the new price is billed from the next invoice (Stripe: none).
   */
  | { kind: 'set-price'; unitAmountMinor: number; currency: string; interval: BillingInterval; proration: 'now' | 'period_end'; fromUnitAmountMinor: number | null };

/** A refund to make at the processor; `idempotencyKey` makes a repeated request refund once. */
export interface RefundRequest {
  account: string | null;
  /** The payment to refund (Stripe: a PaymentIntent), when known; else found from the checkout session. */
  paymentId: string | null;
  processorSessionId: string | null;
  amountMinor: number;
  /** Our refund's id, kept on the processor's refund (Stripe: metadata.refundId). */
  refundId: string;
  reason: string | null;
  idempotencyKey: string;
}

/** What the processor says a subscription is now (reconciliation compares it with our records). */
export interface SubscriptionSnapshot {
  status: 'active' | 'trialing' | 'paused' | 'past_due' | 'ended' | 'incomplete';
  /** Collection paused (the seller's suspension as told to the processor). */
  collectionPaused: boolean;
  quantity: number | null;
}

export interface UsageReportRequest {
  account: string | null;
  customerId: string;
  featureKey: string;
  units: bigint;
  /** The report's id: the processor's dedupe key and the request's idempotency key. */
  identifier: string;
}

/** The payment of a checkout as the processor knows it now (the buyer's return, before any notification). */
export type CheckoutPaymentState = { paid: false } | { paid: true; event: ProcessorEvent & { type: 'PaymentSucceeded' } };

/** What a processor's notification says, once verified; null when it says nothing the domain uses. */
interface EventBase {
  /** The processor's event id: an event is applied once. Null for what the local processor reports as it happens. */
  id: string | null;
  processor: ProcessorName;
  /** The processor account the event came from (Stripe: `event.account`, null for the platform's own). */
  account: string | null;
  /** When the processor created it: a state never moves back to an older event's. */
  occurredAt: Date;
  /** The processor's own name of the notification and its mode, kept with the event's record for operators. */
  source?: { type: string; livemode: boolean };
}

export type ProcessorEventBody =
  /** A checkout was paid (or needs no payment): settle it. */
  | { type: 'PaymentSucceeded'; checkoutId: string | null; processorSessionId: string; customerId: string | null; subscriptionId: string | null; paymentId: string | null; customerEmail: string | null; /** What the processor charged, when it reports it (it is what the order keeps). */ charged?: ProcessorCharge | null; billing?: BillingDetails | null }
  /** A checkout will not be paid (expired, cancelled, refused), or a subscription's invoice was not paid. */
  | { type: 'PaymentFailed'; checkoutId: string | null; processorSessionId: string | null; subscriptionId: string | null; reason: string }
  /** A subscription's state changed at the processor (its owner's dashboard, the buyer's portal, a payment). */
  | { type: 'SubscriptionChanged'; subscriptionId: string; checkoutId: string | null; state: 'active' | 'trialing' | 'paused' | 'past_due' | 'incomplete' }
  /** A subscription ended at the processor. */
  | { type: 'SubscriptionEnded'; subscriptionId: string; checkoutId: string | null }
  /** An invoice of a subscription was paid: the paid term runs to `periodEnd`. */
  | { type: 'InvoicePaid'; subscriptionId: string; invoiceId: string; paymentId: string | null; amountMinor: number; currency: string; periodEnd: Date; first: boolean }
  /** Money was given back on a payment: `refundedMinor` is the payment's whole refunded amount so far. */
  | { type: 'Refunded'; paymentId: string; refundedMinor: number; currency: string }
  /** The buyer's bank disputes a payment (a chargeback). */
  | { type: 'DisputeOpened'; disputeId: string; paymentId: string; amountMinor: number; currency: string; reason: string | null }
  /** A dispute was decided. */
  | { type: 'DisputeClosed'; disputeId: string; paymentId: string; outcome: 'won' | 'lost' }
  /** A subscription's trial ends soon. */
  | { type: 'TrialWillEnd'; subscriptionId: string; trialEnd: Date }
  /** The seller's account at the processor changed (Stripe Connect: whether it can take charges). */
  | { type: 'AccountUpdated'; accountId: string; chargesEnabled: boolean };

export type ProcessorEvent = EventBase & ProcessorEventBody;

/** The amounts a processor computed for a checkout (minor units of its currency). */
export interface ProcessorCharge {
  /** What was charged, tax included. */
  totalMinor: number;
  discountMinor: number;
  /** The tax in `totalMinor`. */
  taxMinor: number;
  /** The rate applied (basis points) when the processor says it; null otherwise. */
  taxRateBps: number | null;
}

/** Whom the buyer paid as: the billing address and tax id given on the processor's page. */
export interface BillingDetails {
  address: { line1?: string; city?: string; postalCode?: string; state?: string; country: string } | null;
  taxId: string | null;
  /** No tax was due (a business buyer abroad: reverse charge; or exempt at the processor). */
  taxExempt: boolean;
}

/**
 * The verbs. Every call that changes something at the processor carries an idempotency key derived
 * from the change that asked for it, and none runs inside a database transaction.
 */
export interface PaymentPort {
  readonly name: ProcessorName;
  /**
   * Makes the processor's own objects for a discount on the seller's account (idempotent: made once
   * however often asked); null for a processor that needs none. The caller keeps what it answers.
   */
  prepareDiscount(input: { account: string | null; discount: CheckoutDiscount; currency: string }): Promise<ProcessorDiscountRefs | null>;
  /** Opens the processor's hosted checkout. */
  openCheckout(request: CheckoutRequest): Promise<ProcessorSession>;
  /** The checkout's payment as the processor knows it now. */
  readCheckoutPayment(input: { account: string | null; processorSessionId: string; checkoutId: string }): Promise<CheckoutPaymentState>;
  /** Tells the processor a seller's decision; `ended` when the subscription had already ended there (nothing left to tell). */
  applyDecision(subscription: SubscriptionRef, decision: SubscriptionDecision, idempotencyKey: string): Promise<'applied' | 'ended'>;
  /** Gives money back; answers the processor's refund id. Throws when the processor refuses or cannot be reached. */
  refund(request: RefundRequest): Promise<{ processorRefundId: string }>;
  /** What the subscription is at the processor now; null when the processor does not know it. */
  readSubscription(subscription: SubscriptionRef): Promise<SubscriptionSnapshot | null>;
  /** Bills metered usage to the buyer's customer, once per identifier. */
  reportUsage(request: UsageReportRequest): Promise<void>;
  /** A short-lived page where the buyer manages their billing. */
  openBillingPortal(input: { account: string | null; customerId: string; returnUrl: string }): Promise<{ url: string }>;
}
