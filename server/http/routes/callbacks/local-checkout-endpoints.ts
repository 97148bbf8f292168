import { db, type Db } from '../../../db';
import { DomainError } from '../../../errors';
import { cancelLocalCheckout, payLocalCheckout, type LocalCheckoutOutcome } from '../../../checkout/local-checkout/pay-local-checkout';
import { logger } from '../../../platform/logging/logger';

// The local processor's hosted page posts here (/checkout/local/{sessionId}/pay|cancel). The buyer
// arrives in a system browser without a portal session, as on a processor's hosted page: the
// unguessable session id in the path is the capability. Answers are browser redirects, not JSON.

const noStore = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' };
// The small pages below have no script; their one style attribute is all they need.
const HTML_PAGE_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; style-src-attr 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
};

function sessionIdOf(request: Request, action: 'pay' | 'cancel'): string {
  const match = new RegExp(`^/checkout/local/([^/]+)/${action}/?$`).exec(new URL(request.url).pathname);
  try {
    return match ? decodeURIComponent(match[1]!) : '';
  } catch {
    return '';
  }
}

function htmlPage(status: number, title: string, text: string): Response {
  const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem"><h1>${escape(title)}</h1><p>${escape(text)}</p><p><a href="/">Back to the start page</a></p></body></html>`;
  return new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8', ...noStore, ...HTML_PAGE_HEADERS } });
}

function handleLocalCheckoutAction(action: 'pay' | 'cancel', run: (ctx: { db: Db }, input: { checkoutId: string }) => Promise<LocalCheckoutOutcome>) {
  return async function handler(request: Request): Promise<Response> {
    try {
      const outcome = await run({ db: db() }, { checkoutId: sessionIdOf(request, action) });
      // 303: the browser follows with a GET, so a reload of the next page never re-posts.
      return new Response(null, { status: 303, headers: { Location: outcome.redirectTo, ...noStore } });
    } catch (error) {
      if (error instanceof DomainError && error.code === 'NotFound') {
        return htmlPage(404, 'Checkout not found', 'There is no checkout at this address. It may have been mistyped.');
      }
      logger.error({ err: error, action }, 'local checkout: the action failed');
      return htmlPage(500, 'Something went wrong', 'The checkout could not be updated. Go back and try again in a moment.');
    }
  };
}

/** POST /checkout/local/{sessionId}/pay: settles the checkout, then 303 to the success URL. */
export const handleLocalPay = handleLocalCheckoutAction('pay', payLocalCheckout);

/** POST /checkout/local/{sessionId}/cancel: fails the checkout ("Payment was cancelled."), then 303 to the cancel URL. */
export const handleLocalCancel = handleLocalCheckoutAction('cancel', cancelLocalCheckout);
