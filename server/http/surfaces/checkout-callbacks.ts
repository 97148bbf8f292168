import { renderErrorPage } from '../api-error';
import * as localCheckout from '../routes/checkout-callbacks/local-checkout-actions';
import * as returnFromCheckout from '../routes/checkout-callbacks/return-from-checkout';
import { createSurface } from '../surface';

/** A buyer's browser back from a checkout page: redirects, and a small page for whatever goes wrong. */
export const createCheckoutCallbacksSurface = () =>
  createSurface('checkoutCallbacks', { render: renderErrorPage, limitPerIp: false }, (app) => {
    app.openapi(returnFromCheckout.route, returnFromCheckout.handler);
    app.openapi(localCheckout.payRoute, localCheckout.payHandler);
    app.openapi(localCheckout.cancelRoute, localCheckout.cancelHandler);
    app.openapi(localCheckout.discountRoute, localCheckout.discountHandler);
  });
