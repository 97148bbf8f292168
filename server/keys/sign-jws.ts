import crypto from 'node:crypto';
import type { ActiveSigningKey } from './signing-keys';

// Every JWS this service signs (runtime tokens, license authorizations and files, the sign-in
// authority's tokens) is made here: ES256 over the claims' JSON, with node:crypto's one-shot
// signature, the primitive jose's Node build used. jose's WebCrypto path runs each signature as a
// job on the thread pool and settles a promise for it: about twice the CPU of the signature itself,
// on the runtime authorization's hot path (docs/performance.md). Everything we receive is still
// verified by jose (algorithms, claims, key sets).

/** The base64url protected header of a key and JWT type, made once per pair. */
const headers = new Map<string, string>();

function protectedHeader(kid: string, typ: string): string {
  const cacheKey = `${kid} ${typ}`;
  let header = headers.get(cacheKey);
  if (header === undefined) {
    header = Buffer.from(JSON.stringify({ alg: 'ES256', kid, typ })).toString('base64url');
    // A handful of kids per purpose ever exist; a bound all the same.
    if (headers.size >= 64) headers.clear();
    headers.set(cacheKey, header);
  }
  return header;
}

/** A compact JWS (ES256, `kid` and `typ` in its header) of `payloadJson` as given, signed with `key`. */
export function signCompactJws(key: Pick<ActiveSigningKey, 'kid' | 'privateKey'>, typ: string, payloadJson: string): string {
  const signingInput = `${protectedHeader(key.kid, typ)}.${Buffer.from(payloadJson).toString('base64url')}`;
  // JWS wants the signature as r || s (IEEE P1363), not DER.
  const signature = crypto.sign('sha256', Buffer.from(signingInput), { key: key.privateKey, dsaEncoding: 'ieee-p1363' });
  return `${signingInput}.${signature.toString('base64url')}`;
}

/** A signed JWT of `claims` (registered claims among them, in seconds). */
export function signJwt(key: Pick<ActiveSigningKey, 'kid' | 'privateKey'>, typ: string, claims: Record<string, unknown>): string {
  return signCompactJws(key, typ, JSON.stringify(claims));
}
