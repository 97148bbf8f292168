import { base64url, decodeJwt } from 'jose';
import { ArgumentError } from './errors.js';

/** Every license code starts with this; the rest is the runtime token's bytes in base64url. */
export const LICENSE_CODE_PREFIX = 'SVC_LIC_';

export interface RuntimeCredential {
  /** The runtime token (a JWT): the bearer of the runtime paths. */
  token: string;
  /** The license the code belongs to (claim `lic`). */
  licenseId: string;
  /** The seat the code belongs to (claim `seat`). */
  seatId: string;
  /** The deployment that issued it (claim `iss`, `{base_url}/licensing/runtime`). */
  issuer: string;
}

/**
 * The runtime token inside a license code, with what it names. The token is not verified here:
 * the service verifies it at every call, and the client learns its license id from it.
 */
export function readLicenseCode(code: string, field = 'licenseCode'): RuntimeCredential {
  if (typeof code !== 'string' || !code.startsWith(LICENSE_CODE_PREFIX)) throw new ArgumentError(field, `a license code starts with ${LICENSE_CODE_PREFIX}.`);
  let token: string;
  let claims: { lic?: unknown; seat?: unknown; iss?: unknown };
  try {
    token = new TextDecoder().decode(base64url.decode(code.slice(LICENSE_CODE_PREFIX.length)));
    claims = decodeJwt(token);
  } catch {
    throw new ArgumentError(field, 'this is not a license code (its token cannot be read).');
  }
  if (typeof claims.lic !== 'string' || typeof claims.seat !== 'string' || typeof claims.iss !== 'string') {
    throw new ArgumentError(field, 'this is not a license code (its token names no license).');
  }
  return { token, licenseId: claims.lic, seatId: claims.seat, issuer: claims.iss };
}
