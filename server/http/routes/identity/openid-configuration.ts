import { openIdConfiguration } from '../../../identity/discovery';
import { jsonResponse } from '../../json';
import { identityRoute, jsonAnswer, type IdentityContext } from './identity-http';

export const route = identityRoute({
  method: 'get',
  path: '/.well-known/openid-configuration',
  operationId: 'openIdConfiguration',
  summary: 'OpenID discovery document of the sign-in authority',
  success: jsonAnswer('The discovery document.'),
});

export const handler = async (_c: IdentityContext) => jsonResponse(openIdConfiguration(), { headers: { 'Cache-Control': 'public, max-age=300' } });
