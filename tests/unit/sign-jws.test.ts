import crypto from 'node:crypto';
import { compactVerify, decodeProtectedHeader, exportJWK, generateKeyPair, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { signCompactJws, signJwt } from '@/server/keys/sign-jws';

// Every JWS the service signs is made by node:crypto's one-shot signature (server/keys/sign-jws.ts):
// what it makes must verify with jose, the library every client and our own verifier use.

async function signingKey(kid: string) {
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
  const privateJwk = (await exportJWK(privateKey)) as crypto.JsonWebKey;
  return { publicKey, key: { kid, privateKey: crypto.createPrivateKey({ key: privateJwk, format: 'jwk' }) } };
}

describe('signCompactJws', () => {
  it('makes a compact JWS that jose verifies under the public key, with alg ES256, the kid and the typ in its header', async () => {
    const { publicKey, key } = await signingKey('runtime-20261207-abcd');
    const payloadJson = JSON.stringify({ LicenseId: 'lic', Features: [{ FeatureKey: 'render', Remaining: 5 }], Text: 'é ✓' });
    const jws = signCompactJws(key, 'license-authorization+jwt', payloadJson);
    const { payload, protectedHeader } = await compactVerify(jws, publicKey, { algorithms: ['ES256'] });
    expect(new TextDecoder().decode(payload)).toBe(payloadJson);
    expect(protectedHeader).toEqual({ alg: 'ES256', kid: 'runtime-20261207-abcd', typ: 'license-authorization+jwt' });
  });

  it('carries the signature as r || s (64 bytes, as JWS wants), not DER', async () => {
    const { key } = await signingKey('k');
    const signature = signCompactJws(key, 'JWT', '{}').split('.')[2]!;
    expect(Buffer.from(signature, 'base64url')).toHaveLength(64);
  });

  it('a payload changed after signing no longer verifies', async () => {
    const { publicKey, key } = await signingKey('k');
    const [header, , signature] = signCompactJws(key, 'JWT', '{"seat":"a"}').split('.');
    const forged = `${header}.${Buffer.from('{"seat":"b"}').toString('base64url')}.${signature}`;
    await expect(compactVerify(forged, publicKey)).rejects.toThrow();
  });

  it('headers of two keys and types are never confused (each pair has its own)', async () => {
    const { key: one } = await signingKey('one');
    const { key: two } = await signingKey('two');
    expect(decodeProtectedHeader(signCompactJws(one, 'JWT', '{}'))).toMatchObject({ kid: 'one', typ: 'JWT' });
    expect(decodeProtectedHeader(signCompactJws(two, 'at+jwt', '{}'))).toMatchObject({ kid: 'two', typ: 'at+jwt' });
    expect(decodeProtectedHeader(signCompactJws(one, 'at+jwt', '{}'))).toMatchObject({ kid: 'one', typ: 'at+jwt' });
  });
});

describe('signJwt', () => {
  it("signs a JWT whose registered claims jose's JWT checks accept", async () => {
    const { publicKey, key } = await signingKey('identity-1');
    const now = Math.floor(Date.now() / 1000);
    const token = signJwt(key, 'at+jwt', { scp: 'checkout.purchase', iss: 'https://issuer.test/identity', aud: 'api://licensing', sub: 'account', iat: now, exp: now + 60 });
    const { payload } = await jwtVerify(token, publicKey, { issuer: 'https://issuer.test/identity', audience: 'api://licensing', typ: 'at+jwt', algorithms: ['ES256'] });
    expect(payload).toMatchObject({ scp: 'checkout.purchase', sub: 'account' });
  });
});
