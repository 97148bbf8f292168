import 'server-only';
import type { CheckoutOutcome } from '@licensing/core';
import { api, refusedWith } from '@/app/trpc-server';

/** Where a checkout ended, by the session_id of a return address; anything that is no id is an unknown checkout. */
export async function checkoutOutcome(sessionParam: unknown): Promise<CheckoutOutcome> {
  const checkoutId = typeof sessionParam === 'string' ? sessionParam : undefined;
  try {
    return await api.checkoutPages.outcome({ checkoutId });
  } catch (error) {
    // Text no id can hold (a NUL, a lone surrogate, far too long) is refused as input: no checkout has it.
    if (refusedWith(error, 'ValidationError')) return api.checkoutPages.outcome({});
    throw error;
  }
}
