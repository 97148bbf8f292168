import type { SellerOrderRow } from '@licensing/core';

// How an order's status and refunds read to the seller, on the order list and on the order page.

export const ORDER_STATUS_WORDS: Record<SellerOrderRow['status'], { label: string; className: string }> = {
  pending: { label: 'Pending (not paid yet)', className: 'bg-amber-50 text-amber-900 ring-amber-200' },
  completed: { label: 'Completed', className: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
  failed: { label: 'Failed', className: 'bg-red-50 text-red-800 ring-red-200' },
};

/** A free checkout waits for its claim to be accepted, not for a payment. */
const WAITING_FOR_CLAIM = { label: 'Waiting for the claim', className: ORDER_STATUS_WORDS.pending.className };

export function orderStatusWords(order: Pick<SellerOrderRow, 'status' | 'amountMinor'>): { label: string; className: string } {
  return order.status === 'pending' && order.amountMinor === 0 ? WAITING_FOR_CLAIM : ORDER_STATUS_WORDS[order.status];
}

/** "Refunded" when everything went back, "Partly refunded" when some did; null when nothing did. */
export function refundWords(order: Pick<SellerOrderRow, 'amountMinor' | 'refundedMinor'>): { label: string; className: string } | null {
  if (order.refundedMinor <= 0) return null;
  return order.refundedMinor >= order.amountMinor
    ? { label: 'Refunded', className: 'bg-slate-100 text-slate-800 ring-slate-300' }
    : { label: 'Partly refunded', className: 'bg-slate-100 text-slate-800 ring-slate-300' };
}
