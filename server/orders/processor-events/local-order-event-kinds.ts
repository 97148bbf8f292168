/** What an operator may report for the local processor about an order it sold (local-order-events.ts). */
export const LOCAL_ORDER_EVENTS = ['dispute-opened', 'dispute-won', 'dispute-lost', 'refunded'] as const;
export type LocalOrderEvent = (typeof LOCAL_ORDER_EVENTS)[number];
