import { apiErrorResponse } from '../api-error';
import * as apiReference from '../routes/operations/api-reference';
import * as liveness from '../routes/operations/liveness';
import * as metrics from '../routes/operations/metrics';
import * as openApiDocument from '../routes/operations/openapi-document';
import * as readiness from '../routes/operations/readiness';
import { createSurface } from '../surface';

/** Liveness, readiness, metrics, the API document and its page: for operators, without the per-IP limit. */
export const createOperationsSurface = (document: () => object) =>
  createSurface('operations', { render: apiErrorResponse, limitPerIp: false }, (app) => {
    app.openapi(liveness.route, liveness.handler);
    app.openapi(readiness.route, readiness.handler);
    app.openapi(metrics.route, metrics.handler);
    app.openapi(openApiDocument.route, openApiDocument.handlerFor(document));
    app.openapi(apiReference.pageRoute, apiReference.pageHandlerFor(document));
    app.openapi(apiReference.assetRoute, apiReference.assetHandler);
  });
