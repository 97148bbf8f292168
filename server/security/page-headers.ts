// The security headers of every page (docs/security.md "Headers"): a nonce-based CSP, no framing, no
// sniffing, a strict referrer policy, and HSTS when the service is served over https. Pure, so the
// Next proxy, the REST app's HTML answers and the tests share one definition.

export const NONCE_HEADER = 'x-nonce';
/** The page's path and query, for layouts (which see no URL) to send a person back to after sign-in. */
export const REQUEST_PATH_HEADER = 'x-request-path';

/**
 * Pages whose forms end in a redirect to an address a client registered: the sign-in page (the
 * app's loopback redirect, `http://127.0.0.1:<port>`) and the hosted checkout (the seller's
 * SuccessUrl/CancelUrl). A form's redirect is held to `form-action` too.
 */
export function formRedirectsOutward(pathname: string): boolean {
  // The claim page's Accept lands on the seller's ReturnUrl.
  return pathname === '/identity/sign-in' || pathname.startsWith('/checkout/local/') || pathname.startsWith('/claim/');
}

export function contentSecurityPolicy(nonce: string, options: { development?: boolean; formRedirectsOutward?: boolean } = {}): string {
  return [
    "default-src 'self'",
    // 'strict-dynamic': scripts the nonce-bearing scripts load are trusted too (Next's chunks).
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.development ? " 'unsafe-eval'" : ''}`,
    `style-src 'self' 'nonce-${nonce}'`,
    // React's style attributes; attributes cannot run script.
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    // Forms post to this service; where they end in a redirect to a registered http(s) address, there too.
    options.formRedirectsOutward ? "form-action 'self' https: http:" : "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers every page and HTML answer carries besides its CSP. */
export function pageSecurityHeaders(publicBaseUrl: string): Record<string, string> {
  return {
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    ...(publicBaseUrl.startsWith('https:') ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
