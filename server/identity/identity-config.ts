import { env } from '../env';

// The built-in sign-in authority (the spec's {auth_url}), served at {base_url}/identity.

export const ACCESS_TOKEN_SECONDS = 60 * 60;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;
export const AUTHORIZATION_CODE_SECONDS = 5 * 60;
export const AUTHORIZATION_REQUEST_SECONDS = 15 * 60;
export const SIGN_IN_CODE_SECONDS = 10 * 60;
/** Tries of one sign-in's code; a resend does not renew them. */
export const SIGN_IN_CODE_MAX_ATTEMPTS = 5;
// Per address, across codes and ways in: codes e-mailed (`signInCode`, `signInCodeHourly`) and
// codes tried (`signInCodeTry`), rows of server/platform/limits/limit-table.ts.
/** A refresh token family ends this long after its first sign-in, whatever the rotations. */
export const REFRESH_FAMILY_SECONDS = 90 * 24 * 60 * 60;
/** Expired sign-in rows are kept this long before the clean-up job deletes them (replays are still recognised meanwhile). */
export const SIGN_IN_ROW_RETENTION_SECONDS = 60 * 60;

/** The portal signs people in through the same codes, under its own internal client id. */
export const PORTAL_CLIENT_ID = 'portal';

/** The scope the purchase API requires, as it appears in the access token's `scp` claim. */
export const PURCHASE_SCOPE = 'checkout.purchase';

export function identityIssuer(): string {
  return `${env().publicBaseUrl}/identity`;
}

export function identityEndpoints() {
  const issuer = identityIssuer();
  return {
    issuer,
    authorization: `${issuer}/oauth2/v2.0/authorize`,
    token: `${issuer}/oauth2/v2.0/token`,
    initiate: `${issuer}/oauth2/v2.0/initiate`,
    challenge: `${issuer}/oauth2/v2.0/challenge`,
    jwks: `${issuer}/discovery/v2.0/keys`,
    discovery: `${issuer}/.well-known/openid-configuration`,
  };
}

/** Scopes a client may ask for: the licensing resource's scope plus the OpenID ones. */
export function supportedScopes(): string[] {
  return [env().buyerTokenScope, 'openid', 'offline_access', 'email', 'profile'];
}

/** The public client's registered redirect URIs (loopback: the port is ignored, the path matched). */
export function registeredRedirectUris(): string[] {
  return (process.env.IDENTITY_REDIRECT_URIS ?? 'http://localhost').split(',').map((uri) => uri.trim()).filter(Boolean);
}
