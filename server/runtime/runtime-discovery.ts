import type { Db } from '../db';
import { env } from '../env';
import { listPublicJwks } from '../keys/signing-keys';
import { RUNTIME_AUDIENCE, RUNTIME_SCOPE } from '../licensing/codes/runtime-token';

/** GET /licensing/runtime/.well-known/openid-configuration: public data only. */
export function runtimeConfiguration() {
  const issuer = env().runtimeIssuer;
  return {
    issuer,
    jwks_uri: `${issuer}/.well-known/jwks`,
    audience: RUNTIME_AUDIENCE,
    scopes_supported: [RUNTIME_SCOPE],
    token_signing_alg_values_supported: ['ES256'],
    license_authorization_endpoint: `${issuer}/GenerateLicenseAuthorization`,
    consumption_endpoint: `${env().publicBaseUrl}/consumption/runtime/messages`,
  };
}

/**
 * Every runtime signing key version ever made (spec "Versioning" 1), including one that is not
 * signing yet: a version is published here before it signs (server/keys/signing-keys.ts).
 */
export async function runtimeJwks(ctx: { db: Db }) {
  return { keys: await listPublicJwks(ctx, 'runtime') };
}
