import { NextResponse, type NextRequest } from 'next/server';
import { adoptCorrelationId, contentSecurityPolicy, CORRELATION_HEADER, formRedirectsOutward, newNonce, NONCE_HEADER, pageSecurityHeaders, REQUEST_PATH_HEADER } from './server/entry/shared';

// Every page gets a fresh CSP nonce (Next reads it from the request's CSP header and puts it on its
// own scripts), the page security headers, and a correlation id like every REST answer (the
// caller's X-Correlation-Id when usable, else a fresh one). Pages are rendered per request for it (the root
// layout reads the nonce).
export function proxy(request: NextRequest) {
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
  // Pages only: static assets, the REST prefixes, the sign-in authority’s endpoints and store logos (which
  // carry their own sandboxing CSP) are not pages.
  matcher: [
    {
      source: '/((?!_next/static|_next/image|favicon.ico|icon.svg|api/|purchase/|licensing/|licensing-mgmt/|consumption/|mcp/|identity/oauth2/|identity/discovery/|identity/\\.well-known/|marketplace/[^/]+/logo).*)',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
};
