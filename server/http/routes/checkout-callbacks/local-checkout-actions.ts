import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { db, type Db } from '../../../db';
import { cancelLocalCheckout, payLocalCheckout, type LocalBilling, type LocalCheckoutOutcome } from '../../../checkout/local-checkout/pay-local-checkout';
import type { AppEnv } from '../../app-env';
import { BROWSER_ANSWERS, NO_STORE } from './browser-answers';

// The local processor's hosted page posts here (/checkout/local/{sessionId}/pay|cancel). The buyer
// arrives in a system browser without a portal session, as on a processor's hosted page: the
// unguessable session id in the path is the capability. Answers are browser redirects, not JSON.

const actionRoute = (action: 'pay' | 'cancel', summary: string) =>
  createRoute({
    method: 'post',
    path: `/checkout/local/{sessionId}/${action}`,
    operationId: action === 'pay' ? 'payLocalCheckout' : 'cancelLocalCheckout',
    summary,
    tags: ['Checkout callbacks'],
    security: [],
    'x-internal': true,
    request: { params: z.object({ sessionId: z.string() }) },
    responses: BROWSER_ANSWERS,
  });

/** The billing fields of the Pay form (shown when the seller collects tax); anything else in the body is ignored. */
async function billingOf(c: Context<AppEnv>): Promise<LocalBilling | undefined> {
  if (!(c.req.header('content-type') ?? '').includes('application/x-www-form-urlencoded')) return undefined;
  const form = await c.req.parseBody();
  const field = (name: string) => (typeof form[name] === 'string' && form[name] !== '' ? form[name] : undefined);
  const country = field('country');
  if (country === undefined) return undefined;
  return { country, line1: field('line1'), city: field('city'), postalCode: field('postalCode'), state: field('state'), taxId: field('taxId') };
}

function actionHandler(run: (ctx: { db: Db }, input: { checkoutId: string; billing?: LocalBilling }) => Promise<LocalCheckoutOutcome>, withBilling = false) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const billing = withBilling ? await billingOf(c) : undefined;
    const outcome = await run({ db: db() }, { checkoutId: c.req.param('sessionId') ?? '', ...(billing ? { billing } : {}) });
    // 303: the browser follows with a GET, so a reload of the next page never re-posts.
    return new Response(null, { status: 303, headers: { Location: outcome.redirectTo, ...NO_STORE } });
  };
}

export const payRoute = actionRoute('pay', "The local processor's page: Pay (settles the checkout, then 303 to the success URL)");
export const payHandler = actionHandler(payLocalCheckout, true);

export const cancelRoute = actionRoute('cancel', "The local processor's page: Cancel (fails the checkout, \"Payment was cancelled.\", then 303 to the cancel URL)");
export const cancelHandler = actionHandler(cancelLocalCheckout);
