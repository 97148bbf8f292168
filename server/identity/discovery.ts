import type { Db } from '../db';
import { listPublicJwks } from '../keys/signing-keys';
import { identityEndpoints, supportedScopes } from './identity-config';

/** OpenID Provider Metadata of the built-in authority (OpenID Connect Discovery 1.0). */
export function openIdConfiguration() {
  const endpoints = identityEndpoints();
  return {
    issuer: endpoints.issuer,
    authorization_endpoint: endpoints.authorization,
    token_endpoint: endpoints.token,
    jwks_uri: endpoints.jwks,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token', 'oob'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['ES256'],
    token_endpoint_auth_methods_supported: ['none'],
    code_challenge_methods_supported: ['S256'],
    scopes_supported: supportedScopes(),
    claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'email', 'email_verified', 'preferred_username', 'nonce'],
    // Native authentication (no redirect): initiate, challenge, then token with grant_type=oob.
    native_authentication_endpoints: { initiate: endpoints.initiate, challenge: endpoints.challenge },
  };
}

export async function identityJwks(ctx: { db: Db }) {
  return { keys: await listPublicJwks(ctx, 'identity') };
}
