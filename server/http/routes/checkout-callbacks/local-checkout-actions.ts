import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { db, type Db } from '../../../db';
import { cancelLocalCheckout, payLocalCheckout, type LocalBilling, type LocalCheckoutOutcome } from '../../../checkout/local-checkout/pay-local-checkout';
import { applyLocalCheckoutDiscount } from '../../../checkout/local-checkout/apply-local-checkout-discount';
import type { AppEnv } from '../../app-env';
import { BROWSER_ANSWERS, NO_STORE } from './browser-answers';

// The local processor's hosted page posts here (/checkout/local/{sessionId}/pay|cancel|discount). The buyer
// arrives in a system browser without a portal session, as on a processor's hosted page: the
// unguessable session id in the path is the capability. Answers are browser redirects, not JSON.

const actionRoute = (action: 'pay' | 'cancel' | 'discount', summary: string) =>
  createRoute({
    method: 'post',
    path: `/checkout/local/{sessionId}/${action}`,
    operationId: { pay: 'payLocalCheckout', cancel: 'cancelLocalCheckout', discount: 'applyLocalCheckoutDiscount' }[action],
    summary,
    tags: ['Checkout callbacks'],
    security: [],
    'x-internal': true,
    request: { params: z.object({ sessionId: z.string() }) },
    responses: BROWSER_ANSWERS,
  });

/** The fields of the Pay form: the billing address (shown when the seller collects tax) and a guest's e-mail address; anything else in the body is ignored. */
async function payFormOf(c: Context<AppEnv>): Promise<{ billing?: LocalBilling; email?: string }> {
  if (!(c.req.header('content-type') ?? '').includes('application/x-www-form-urlencoded')) return {};
  const form = await c.req.parseBody();
  const field = (name: string) => (typeof form[name] === 'string' && form[name] !== '' ? form[name] : undefined);
  const country = field('country');
  const email = field('email');
  return {
    ...(country !== undefined ? { billing: { country, line1: field('line1'), city: field('city'), postalCode: field('postalCode'), state: field('state'), taxId: field('taxId') } } : {}),
    ...(email !== undefined ? { email } : {}),
  };
}

function actionHandler(run: (ctx: { db: Db }, input: { checkoutId: string; billing?: LocalBilling; email?: string }) => Promise<LocalCheckoutOutcome>, withPayForm = false) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const fields = withPayForm ? await payFormOf(c) : {};
    const outcome = await run({ db: db() }, { checkoutId: c.req.param('sessionId') ?? '', ...fields });
    // 303: the browser follows with a GET, so a reload of the next page never re-posts.
    return new Response(null, { status: 303, headers: { Location: outcome.redirectTo, ...NO_STORE } });
  };
}

export const payRoute = actionRoute('pay', "The local processor's page: Pay (settles the checkout, then 303 to the success URL)");
export const payHandler = actionHandler(payLocalCheckout, true);

export const discountRoute = actionRoute('discount', "The local processor's page: a discount code (applied to the pending checkout, then 303 back to the page saying whether)");
export const discountHandler = async (c: Context<AppEnv>): Promise<Response> => {
  const form = (c.req.header('content-type') ?? '').includes('application/x-www-form-urlencoded') ? await c.req.parseBody() : {};
  const code = typeof form.discountCode === 'string' ? form.discountCode : '';
  const outcome = await applyLocalCheckoutDiscount({ db: db() }, { checkoutId: c.req.param('sessionId') ?? '', code });
  return new Response(null, { status: 303, headers: { Location: outcome.redirectTo, ...NO_STORE } });
};

export const cancelRoute = actionRoute('cancel', "The local processor's page: Cancel (fails the checkout, \"Payment was cancelled.\", then 303 to the cancel URL)");
export const cancelHandler = actionHandler(cancelLocalCheckout);
