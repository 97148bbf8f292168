import { createRoute, z, type RouteHandler } from '@hono/zod-openapi';
import { catalogCacheKeys, readCatalog } from '../../../catalog/catalog-cache';
import { storefrontSchema, type Storefront } from '../../../catalog/catalog.schemas';
import { getStorefront } from '../../../catalog/get-storefront';
import { issuerClientIdSchema } from '../../../../sdk/src/contract/fields';
import type { AppEnv } from '../../app-env';
import { errorResponses, okResponse, SECURITY } from '../../openapi';
import { cachedCatalogHeaders, CACHE_CONTROL_HEADER } from './catalog-cache-headers';
import { wireObject } from '../../../wire/wire';
import { wireJson } from '../../wire-json';

export const issuerClientIdParam = issuerClientIdSchema.meta({ param: { name: 'issuerClientId', in: 'path' }, example: 'demo' });

export const route = createRoute({
  method: 'get',
  path: '/purchase/{issuerClientId}/offerings',
  operationId: 'getStorefront',
  tags: ['Purchase API'],
  summary: "A seller's storefront: listed products and offerings (cached 90 s)",
  description: '`checkout` is a reserved issuerClientId (no seller can take it): `/purchase/checkout/{sessionId}` is the checkout read, never a storefront.',
  security: SECURITY.none,
  request: { params: z.object({ issuerClientId: issuerClientIdParam }) },
  responses: { ...okResponse(wireObject(storefrontSchema), 'The storefront.', CACHE_CONTROL_HEADER), ...errorResponses(['NotFound']) },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) => {
  const { issuerClientId } = c.req.valid('param');
  const entry = await readCatalog(catalogCacheKeys.storefront(issuerClientId), issuerClientId, (database) => getStorefront({ db: database }, issuerClientId));
  return wireJson(c, storefrontSchema, entry!.value as Storefront, cachedCatalogHeaders(entry!));
};
