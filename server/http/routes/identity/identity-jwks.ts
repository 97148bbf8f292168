import { db } from '../../../db';
import { identityJwks } from '../../../identity/discovery';
import { jsonResponse } from '../../json';
import { identityRoute, jsonAnswer, type IdentityContext } from './identity-http';

export const route = identityRoute({
  method: 'get',
  path: '/discovery/v2.0/keys',
  operationId: 'identityJwks',
  summary: 'The JWKS that verifies buyer tokens',
  success: jsonAnswer('The public keys.'),
});

export const handler = async (_c: IdentityContext) => jsonResponse(await identityJwks({ db: db() }), { headers: { 'Cache-Control': 'public, max-age=300' } });
