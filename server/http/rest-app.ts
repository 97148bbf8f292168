import { OpenAPIHono } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import { DomainError } from '../errors';
import { logger } from '../platform/logging/logger';
import { apiErrorResponse, jsonRpcErrorResponse, MethodNotAllowedError, noRouteError, oauthErrorResponse } from './api-error';
import type { AppEnv } from './app-env';
import { createIdentityApp } from './identity-app';
import { CHECKOUT_RETURN_PREFIX, handleCheckoutReturn } from './routes/callbacks/checkout-return-endpoint';
import { handleLocalCancel, handleLocalPay } from './routes/callbacks/local-checkout-endpoints';
import { handleStripeWebhook } from './routes/callbacks/stripe-webhook-endpoint';
import { handleMcpPost, MCP_PATH, MCP_REFUSED_METHODS, refuseMcpMethod } from './routes/mcp/mcp-endpoint';
import { adoptCorrelationId, CORRELATION_HEADER } from '../platform/logging/correlation';
import { correlate, limitBodySize, limitPerIp, rejectUnusableText } from './middleware/edge';
import { validationHook } from './middleware/read-json-body';
import { normalizeError } from '../wire/normalize-error';
import { DOCUMENT_INFO, SECURITY_SCHEMES } from './openapi';
import { registerOperationsRoutes } from './operations-routes';
import * as getLicense from './routes/management/get-license';
import * as findLicenses from './routes/management/find-licenses';
import * as listLicenseSeats from './routes/management/list-license-seats';
import * as createLicense from './routes/management/create-license';
import * as addSeats from './routes/management/add-seats';
import * as retireSeat from './routes/management/retire-seat';
import * as issueSeatCode from './routes/management/issue-seat-code';
import * as revokeLicenseCode from './routes/management/revoke-license-code';
import * as bindLicenseToTenant from './routes/management/bind-license-to-tenant';
import * as suspendLicense from './routes/management/suspend-license';
import * as resumeLicense from './routes/management/resume-license';
import * as cancelLicense from './routes/management/cancel-license';
import * as refundOrder from './routes/management/refund-order';
import * as createEmbeddedCheckout from './routes/checkout/create-embedded-checkout';
import * as ingestUsage from './routes/consumption/ingest-usage';
import * as generateLicenseAuthorization from './routes/runtime/generate-license-authorization';
import * as getSessionResult from './routes/checkout/get-session-result';
import * as createPurchaseCheckout from './routes/purchase/create-purchase-checkout';
import * as getOfferingDetail from './routes/purchase/get-offering-detail';
import * as getPurchaseCheckoutResult from './routes/purchase/get-purchase-checkout-result';
import * as getStorefront from './routes/purchase/get-storefront';
import * as runtimeDiscovery from './routes/runtime/discovery';
import * as createWebhookEndpoint from './routes/management/create-webhook-endpoint';
import * as listWebhookEndpoints from './routes/management/list-webhook-endpoints';
import * as getWebhookEndpoint from './routes/management/get-webhook-endpoint';
import * as updateWebhookEndpoint from './routes/management/update-webhook-endpoint';
import * as deleteWebhookEndpoint from './routes/management/delete-webhook-endpoint';
import * as rotateWebhookSecret from './routes/management/rotate-webhook-secret';
import * as sendWebhookTest from './routes/management/send-webhook-test';
import * as listEvents from './routes/management/list-events';
import { registerWebhookEvents } from './routes/management/webhook-events-document';

/** The REST prefixes of the spec: under them nothing answers but this app. */
export const REST_PREFIXES = ['/purchase', '/licensing', '/licensing-mgmt', '/consumption', '/mcp'] as const;
/** The built-in sign-in authority (OAuth error bodies, not ApiError); its HTML page stays Next's. */
export const IDENTITY_PREFIX = '/identity';
export const IDENTITY_PAGE = '/identity/sign-in';

export const STRIPE_WEBHOOK_PATH = '/payments/stripe/webhook';
export const LOCAL_CHECKOUT_PREFIX = '/checkout/local';
/** POSTs under /checkout/local are the hosted page's Pay and Cancel; its GET is a Next page. */
export const isLocalCheckoutAction = (path: string, method: string) => method === 'POST' && /^\/checkout\/local\/[^/]+\/(pay|cancel)\/?$/.test(path);
export { CHECKOUT_RETURN_PREFIX, MCP_PATH };

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
export const isIdentityPath = (path: string) => under(path, IDENTITY_PREFIX);
const isMcpPath = (path: string) => under(path, MCP_PATH);
// The checkout return asks Stripe on each visit: it counts against the per-IP limit like the REST prefixes.
const isLimitedPath = (path: string) => isIdentityPath(path) || under(path, CHECKOUT_RETURN_PREFIX) || REST_PREFIXES.some((prefix) => under(path, prefix));

/** `/purchase/:issuerClientId/offerings` → a matcher for concrete paths. */
function pathMatcher(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

/** The methods a path takes, from the routes the app registered (for 405 + Allow). */
function allowedMethods(app: OpenAPIHono<AppEnv>, path: string): string[] {
  const methods = app.routes
    .filter((route) => route.method !== 'ALL' && !route.path.includes('*') && pathMatcher(route.path).test(path))
    .map((route) => route.method);
  if (methods.includes('GET')) methods.push('HEAD');
  return [...new Set(methods)];
}

function toDomainError(thrown: unknown): { error: DomainError; unexpected: boolean } {
  if (thrown instanceof HTTPException && thrown.status === 413) return { error: new DomainError('PayloadTooLarge', 'The request body is too large.'), unexpected: false };
  if (thrown instanceof HTTPException && thrown.status === 400) return { error: new DomainError('InvalidPayload', 'The request body could not be read.'), unexpected: false };
  return normalizeError(thrown);
}

/**
 * The one REST app (DESIGN.md "Platform decisions"): every REST prefix, the sign-in authority's
 * endpoints and the operations routes. Mounted on node:http by the production entry and exported
 * by `app/<prefix>/[[...path]]/route.ts` for `next dev` and hosts without our entry.
 */
export function createRestApp(): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ strict: true, defaultHook: validationHook });

  app.use('*', correlate, rejectUnusableText);
  app.use('*', async (c, next) => (isLimitedPath(c.req.path) ? limitPerIp(c, next) : next()));
  app.use('*', limitBodySize);

  // Static segments first: `/purchase/checkout/{id}` wins over `/purchase/{issuerClientId}/offerings`
  // (`checkout` is a reserved issuerClientId for this reason).
  app.openapi(createPurchaseCheckout.route, createPurchaseCheckout.handler);
  app.openapi(getPurchaseCheckoutResult.route, getPurchaseCheckoutResult.handler);
  app.openapi(getStorefront.route, getStorefront.handler);
  app.openapi(createEmbeddedCheckout.route, createEmbeddedCheckout.handler);
  app.openapi(getSessionResult.route, getSessionResult.handler);
  app.openapi(getOfferingDetail.route, getOfferingDetail.handler);
  app.openapi(findLicenses.route, findLicenses.handler);
  app.openapi(getLicense.route, getLicense.handler);
  app.openapi(listLicenseSeats.route, listLicenseSeats.handler);
  app.openapi(createLicense.route, createLicense.handler);
  app.openapi(addSeats.route, addSeats.handler);
  app.openapi(retireSeat.route, retireSeat.handler);
  app.openapi(issueSeatCode.route, issueSeatCode.handler);
  app.openapi(revokeLicenseCode.route, revokeLicenseCode.handler);
  app.openapi(bindLicenseToTenant.route, bindLicenseToTenant.handler);
  app.openapi(suspendLicense.route, suspendLicense.handler);
  app.openapi(resumeLicense.route, resumeLicense.handler);
  app.openapi(cancelLicense.route, cancelLicense.handler);
  app.openapi(refundOrder.route, refundOrder.handler);
  app.openapi(generateLicenseAuthorization.route, generateLicenseAuthorization.handler);
  app.openapi(ingestUsage.route, ingestUsage.handler);
  app.openapi(runtimeDiscovery.configurationRoute, runtimeDiscovery.configurationHandler);
  app.openapi(runtimeDiscovery.jwksRoute, runtimeDiscovery.jwksHandler);
  app.openapi(createWebhookEndpoint.route, createWebhookEndpoint.handler);
  app.openapi(listWebhookEndpoints.route, listWebhookEndpoints.handler);
  app.openapi(getWebhookEndpoint.route, getWebhookEndpoint.handler);
  app.openapi(updateWebhookEndpoint.route, updateWebhookEndpoint.handler);
  app.openapi(deleteWebhookEndpoint.route, deleteWebhookEndpoint.handler);
  app.openapi(rotateWebhookSecret.route, rotateWebhookSecret.handler);
  app.openapi(sendWebhookTest.route, sendWebhookTest.handler);
  app.openapi(listEvents.route, listEvents.handler);

  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES)) app.openAPIRegistry.registerComponent('securitySchemes', name, scheme);
  registerWebhookEvents(app);
  registerOperationsRoutes(app);
  const identityApp = createIdentityApp();
  app.all(`${IDENTITY_PREFIX}/*`, (c) => identityApp.fetch(c.req.raw));
  // Browser and processor callbacks outside the REST contract (their answers are redirects, HTML or
  // what Stripe reads), here for the correlation id, the body limit and the one error mapping.
  app.post(STRIPE_WEBHOOK_PATH, (c) => handleStripeWebhook(c.req.raw));
  app.post(`${LOCAL_CHECKOUT_PREFIX}/:sessionId/pay`, (c) => handleLocalPay(c.req.raw));
  app.post(`${LOCAL_CHECKOUT_PREFIX}/:sessionId/cancel`, (c) => handleLocalCancel(c.req.raw));
  app.get(`${CHECKOUT_RETURN_PREFIX}/:sessionId`, (c) => handleCheckoutReturn(c.req.raw));
  // The MCP endpoint speaks JSON-RPC over POST (server/mcp); its refusals are JSON-RPC bodies.
  app.post(MCP_PATH, handleMcpPost);
  app.on(MCP_REFUSED_METHODS, MCP_PATH, refuseMcpMethod);

  app.notFound((c) => {
    const error = noRouteError(c.req.method, allowedMethods(app, c.req.path));
    return isMcpPath(c.req.path) ? jsonRpcErrorResponse(error, c.get('correlationId')) : apiErrorResponse(error, c.get('correlationId'));
  });

  app.onError((thrown, c) => {
    const { error, unexpected } = toDomainError(thrown);
    if (unexpected) logger.error({ err: thrown, method: c.req.method, path: c.req.path }, 'unexpected failure');
    if (isIdentityPath(c.req.path)) return oauthErrorResponse(error);
    return isMcpPath(c.req.path) ? jsonRpcErrorResponse(error, c.get('correlationId')) : apiErrorResponse(error, c.get('correlationId'));
  });
  return app;
}

export const restApp = createRestApp();

/** The OpenAPI 3.1 document of every REST operation. */
export const openApiDocument = () => restApp.getOpenAPI31Document(DOCUMENT_INFO);

/** Every operation of the document: method, path template (`{param}`), whether it reads a body. */
export function documentedOperations(): { method: string; path: string; operationId: string; takesBody: boolean }[] {
  const paths = openApiDocument().paths ?? {};
  return Object.entries(paths).flatMap(([path, item]) =>
    (['get', 'post', 'put', 'patch', 'delete'] as const).flatMap((method) => {
      const operation = item?.[method];
      return operation ? [{ method: method.toUpperCase(), path, operationId: operation.operationId ?? '', takesBody: Boolean(operation.requestBody) }] : [];
    }),
  );
}

/**
 * The answer for a method a fetch Request cannot carry (TRACE, TRACK, CONNECT), which the entry
 * server gives before the app sees the request: 405 with Allow, or 404 where nothing lives.
 */
export function refuseUnsupportedMethod(method: string, pathname: string, headers: Record<string, string | string[] | undefined>): Response {
  const given = headers[CORRELATION_HEADER];
  const correlationId = adoptCorrelationId(typeof given === 'string' ? given : undefined);
  const error = isMcpPath(pathname) ? new MethodNotAllowedError(method, ['POST']) : noRouteError(method, allowedMethods(restApp, pathname));
  const response = isIdentityPath(pathname) ? oauthErrorResponse(error) : isMcpPath(pathname) ? jsonRpcErrorResponse(error, correlationId) : apiErrorResponse(error, correlationId);
  response.headers.set('X-Correlation-Id', correlationId);
  response.headers.set('X-Content-Type-Options', 'nosniff');
  return response;
}

/** The fetch handler both mounts use. */
export const handleRest = (request: Request): Promise<Response> => Promise.resolve(restApp.fetch(request));
