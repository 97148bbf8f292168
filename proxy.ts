import { NextResponse, type NextRequest } from 'next/server';
import { adoptCorrelationId, contentSecurityPolicy, CORRELATION_HEADER, formRedirectsOutward, isSurfacePath, newNonce, NONCE_HEADER, pageSecurityHeaders, REQUEST_PATH_HEADER } from './server/entry/shared';

// Every page gets a fresh CSP nonce (Next reads it from the request's CSP header and puts it on its
// own scripts), the page security headers, and a correlation id like every REST answer (the
// caller's X-Correlation-Id when usable, else a fresh one). Pages are rendered per request for it (the root
// layout reads the nonce). What the REST app answers (the routing table's surfaces, through Next's
// route files under `next dev`) is no page: it passes untouched (most of it never reaches here, see
// the matcher).
export function proxy(request: NextRequest) {
  if (isSurfacePath(request.nextUrl.pathname)) return NextResponse.next();
  const nonce = newNonce();
  const policy = contentSecurityPolicy(nonce, {
    development: process.env.NODE_ENV === 'development',
    formRedirectsOutward: formRedirectsOutward(request.nextUrl.pathname),
  });
  const correlationId = adoptCorrelationId(request.headers.get(CORRELATION_HEADER));
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set(CORRELATION_HEADER, correlationId);
  requestHeaders.set(NONCE_HEADER, nonce);
  requestHeaders.set(REQUEST_PATH_HEADER, request.nextUrl.pathname + request.nextUrl.search);
  requestHeaders.set('Content-Security-Policy', policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('Content-Security-Policy', policy);
  response.headers.set('X-Correlation-Id', correlationId);
  const base = process.env.PUBLIC_BASE_URL ?? '';
  for (const [name, value] of Object.entries(pageSecurityHeaders(base))) response.headers.set(name, value);
  return response;
}

export const config = {
  // Next reads the matcher as a literal at build, so it cannot be derived from the routing table:
  // it names Next's own files and non-page routes (tRPC, sign-in, store logos with their own
  // sandboxing CSP) and, so that the proxy does not even run for them, the surfaces' prefixes
  // (tests/unit/routing-table.test.ts holds this list to the table). The check above stays the rule.
  matcher: [
    {
      source:
        '/((?!_next/static|_next/image|favicon.ico|icon.svg|api/|marketplace/[^/]+/logo|purchase(?:/|$)|licensing(?:/|$)|licensing-mgmt(?:/|$)|consumption(?:/|$)|mcp(?:/|$)|identity(?:/(?!sign-in$)|$)|healthz(?:/|$)|readyz(?:/|$)|metrics(?:/|$)|openapi\\.json(?:/|$)|docs(?:/|$)|payments/stripe/webhook(?:/|$)|checkout/return(?:/|$)).*)',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
};
