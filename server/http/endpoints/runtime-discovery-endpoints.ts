import { db } from '../../db';
import { runtimeConfiguration, runtimeJwks } from '../../licensing/runtime-discovery';
import { jsonResponse } from '../json';
import type { RestRoute } from '../rest-router';

const PUBLIC_FOR_FIVE_MINUTES = { 'Cache-Control': 'public, max-age=300' };

export const runtimeDiscoveryRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/licensing/runtime/.well-known/openid-configuration',
    handler: async () => jsonResponse(runtimeConfiguration(), { headers: PUBLIC_FOR_FIVE_MINUTES }),
  },
  {
    method: 'GET',
    path: '/licensing/runtime/.well-known/jwks',
    handler: async () => jsonResponse(await runtimeJwks({ db: db() }), { headers: PUBLIC_FOR_FIVE_MINUTES }),
  },
];
