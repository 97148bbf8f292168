import { createRoute, z, type RouteHandler } from '@hono/zod-openapi';
import { db } from '../../../db';
import { runtimeConfiguration, runtimeJwks } from '../../../runtime/runtime-discovery';
import type { AppEnv } from '../../app-env';
import { errorResponses, okResponse, SECURITY } from '../../openapi';

const PUBLIC_FOR_FIVE_MINUTES = { 'Cache-Control': 'public, max-age=300' };

const configurationSchema = z
  .object({ issuer: z.string(), jwks_uri: z.string(), audience: z.string(), scopes_supported: z.array(z.string()), token_signing_alg_values_supported: z.array(z.string()) })
  .passthrough()
  .openapi('RuntimeConfiguration');

const jwksSchema = z
  .object({ keys: z.array(z.object({ kty: z.string(), kid: z.string(), alg: z.string().optional(), crv: z.string().optional(), x: z.string().optional(), y: z.string().optional(), use: z.string().optional() }).passthrough()) })
  .openapi('JsonWebKeySet');

export const configurationRoute = createRoute({
  method: 'get',
  path: '/licensing/runtime/.well-known/openid-configuration',
  operationId: 'getRuntimeConfiguration',
  tags: ['Discovery'],
  summary: 'Issuer, JWKS address, audience and scope of runtime tokens',
  security: SECURITY.none,
  responses: { ...okResponse(configurationSchema, 'Public data only.'), ...errorResponses([]) },
});

export const configurationHandler: RouteHandler<typeof configurationRoute, AppEnv> = async (c) =>
  c.json(runtimeConfiguration(), 200, PUBLIC_FOR_FIVE_MINUTES);

export const jwksRoute = createRoute({
  method: 'get',
  path: '/licensing/runtime/.well-known/jwks',
  operationId: 'getRuntimeJwks',
  tags: ['Discovery'],
  summary: 'Every runtime signing key version that has ever signed',
  security: SECURITY.none,
  responses: { ...okResponse(jwksSchema, 'The JSON Web Key Set.'), ...errorResponses([]) },
});

export const jwksHandler: RouteHandler<typeof jwksRoute, AppEnv> = async (c) => c.json(jwksSchema.parse(await runtimeJwks({ db: db() })), 200, PUBLIC_FOR_FIVE_MINUTES);
