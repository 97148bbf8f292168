import { db } from '../../../db';
import { identityJwks } from '../../../identity/discovery';
import { jsonResponse } from '../../json';
import type { IdentityOperation } from './identity-http';

export const operation: IdentityOperation = {
  method: 'GET',
  path: '/discovery/v2.0/keys',
  handler: async () => jsonResponse(await identityJwks({ db: db() }), { headers: { 'Cache-Control': 'public, max-age=300' } }),
};
