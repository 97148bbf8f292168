import { openIdConfiguration } from '../../../identity/discovery';
import { jsonResponse } from '../../json';
import type { IdentityOperation } from './identity-http';

export const operation: IdentityOperation = {
  method: 'GET',
  path: '/.well-known/openid-configuration',
  handler: async () => jsonResponse(openIdConfiguration(), { headers: { 'Cache-Control': 'public, max-age=300' } }),
};
