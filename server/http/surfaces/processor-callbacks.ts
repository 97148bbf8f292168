import { renderProcessorError } from '../api-error';
import * as receiveStripeEvent from '../routes/processor-callbacks/receive-stripe-event';
import { createSurface } from '../surface';

/** The payment processor's event deliveries: answers Stripe reads (a 2xx acknowledges, anything else is redelivered). */
export const createProcessorCallbacksSurface = () =>
  createSurface('processorCallbacks', { render: renderProcessorError, limitPerIp: false }, (app) => {
    app.openapi(receiveStripeEvent.route, receiveStripeEvent.handler);
  });
