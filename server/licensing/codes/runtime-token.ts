import { decodeJwt } from 'jose';
import type { Tx } from '../../db';
import { env } from '../../env';
import { signJwt } from '../../keys/sign-jws';
import { getActiveSigningKey } from '../../keys/signing-keys';

// The runtime token (spec "Runtime token"): a JWT, ES256 over P-256, audience service-runtime,
// scope license.runtime, issuer {base_url}/licensing/runtime, subject = the license code's id.
// A license code is `SVC_LIC_` + the runtime token's bytes in base64url (no dots, one opaque
// word an app can store and paste). The SDK decodes it; apps never need to.

export const RUNTIME_AUDIENCE = 'service-runtime';
export const RUNTIME_SCOPE = 'license.runtime';
const LICENSE_CODE_PREFIX = 'SVC_LIC_';

export interface RuntimeTokenClaims {
  credentialId: string;
  licenseId: string;
  seatId: string;
}

export async function signRuntimeToken(ctx: { db: Tx }, claims: RuntimeTokenClaims): Promise<{ token: string; signingKeyId: string }> {
  const key = await getActiveSigningKey(ctx, 'runtime');
  const token = signJwt(key, 'JWT', {
    scope: RUNTIME_SCOPE,
    lic: claims.licenseId,
    seat: claims.seatId,
    iss: env().runtimeIssuer,
    aud: RUNTIME_AUDIENCE,
    sub: claims.credentialId,
    iat: Math.floor(Date.now() / 1000),
  });
  return { token, signingKeyId: key.id };
}

export function encodeLicenseCode(runtimeToken: string): string {
  return LICENSE_CODE_PREFIX + Buffer.from(runtimeToken, 'utf8').toString('base64url');
}

/** The runtime token inside a license code, or null when the text is not a license code. */
export function decodeLicenseCode(code: string): string | null {
  if (!code.startsWith(LICENSE_CODE_PREFIX)) return null;
  const token = Buffer.from(code.slice(LICENSE_CODE_PREFIX.length), 'base64url').toString('utf8');
  try {
    decodeJwt(token);
    return token;
  } catch {
    return null;
  }
}
