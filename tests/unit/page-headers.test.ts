import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, formRedirectsOutward, newNonce, pageSecurityHeaders } from '@/server/security/page-headers';

describe('page security headers', () => {
  it('HSTS is sent only when the service is served over https', () => {
    expect(pageSecurityHeaders('https://licensing.example.com')['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains');
    expect(pageSecurityHeaders('http://localhost:3000')).not.toHaveProperty('Strict-Transport-Security');
  });

  it('the policy trusts scripts only by nonce, never inline, and forbids framing', () => {
    const policy = contentSecurityPolicy('abc123');
    expect(policy).toContain("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).toContain("frame-ancestors 'none'");
    expect(contentSecurityPolicy('n', { development: true })).toContain("'unsafe-eval'");
  });

  it('only the sign-in page and the hosted checkout may send a form on to another address', () => {
    expect(formRedirectsOutward('/identity/sign-in')).toBe(true);
    expect(formRedirectsOutward('/checkout/local/abc')).toBe(true);
    expect(formRedirectsOutward('/login')).toBe(false);
    expect(contentSecurityPolicy('n')).toContain("form-action 'self';");
  });

  it('nonces are fresh and long enough', () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(nonce.length).toBeGreaterThanOrEqual(22);
  });
});
