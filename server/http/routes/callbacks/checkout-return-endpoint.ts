import { settleBeforeReturn } from '../../../checkout/return-after-payment';
import { db } from '../../../db';
import { DomainError } from '../../../errors';
import { logger } from '../../../platform/logging/logger';

export const CHECKOUT_RETURN_PREFIX = '/checkout/return';

const noStore = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' };

function sessionIdOf(request: Request): string {
  const match = /^\/checkout\/return\/([^/]+)\/?$/.exec(new URL(request.url).pathname);
  try {
    return match ? decodeURIComponent(match[1]!) : '';
  } catch {
    return '';
  }
}

/** GET /checkout/return/{sessionId}: settles a paid checkout from the processor, then 303 to the seller's ReturnUrl with session_id. */
export async function handleCheckoutReturn(request: Request): Promise<Response> {
  try {
    const location = await settleBeforeReturn({ db: db() }, { checkoutId: sessionIdOf(request) });
    return new Response(null, { status: 303, headers: { Location: location, ...noStore } });
  } catch (error) {
    if (!(error instanceof DomainError && error.code === 'NotFound')) logger.error({ err: error }, 'checkout return failed');
    throw error;
  }
}
