import type { Db } from '../db';
import { env } from '../env';
import { listPublicJwks } from '../keys/signing-keys';
import { RUNTIME_AUDIENCE, RUNTIME_SCOPE } from './runtime-token';

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

/** Every runtime signing key version that has ever signed (spec "Versioning" 1). */
export async function runtimeJwks(ctx: { db: Db }) {
  return { keys: await listPublicJwks(ctx, 'runtime') };
}
