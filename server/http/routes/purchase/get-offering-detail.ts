import { createRoute, z, type RouteHandler } from '@hono/zod-openapi';
import { catalogCacheKeys, readCatalog } from '../../../catalog/catalog-cache';
import { offeringDetailSchema, type OfferingDetail } from '../../../catalog/catalog.schemas';
import { getOfferingDetail } from '../../../catalog/get-offering-detail';
import { idSchema } from '../../../../sdk/src/contract/fields';
import type { AppEnv } from '../../app-env';
import { errorResponses, okResponse, SECURITY } from '../../openapi';
import { cachedCatalogHeaders, CACHE_CONTROL_HEADER } from './catalog-cache-headers';
import { issuerClientIdParam } from './get-storefront';
import { wireObject } from '../../../wire/wire';
import { wireJson } from '../../wire-json';

export const route = createRoute({
  method: 'get',
  path: '/purchase/{issuerClientId}/offerings/{offeringId}',
  operationId: 'getOfferingDetail',
  tags: ['Purchase API'],
  summary: 'One listed offering with its product and resolved features (cached 90 s)',
  security: SECURITY.none,
  request: {
    params: z.object({ issuerClientId: issuerClientIdParam, offeringId: idSchema.meta({ param: { name: 'offeringId', in: 'path' } }) }),
  },
  responses: { ...okResponse(wireObject(offeringDetailSchema), 'The offering.', CACHE_CONTROL_HEADER), ...errorResponses(['NotFound']) },
});

export const handler: RouteHandler<typeof route, AppEnv> = async (c) => {
  const { issuerClientId, offeringId } = c.req.valid('param');
  const entry = await readCatalog(catalogCacheKeys.offering(issuerClientId, offeringId), issuerClientId, (database) =>
    getOfferingDetail({ db: database }, issuerClientId, offeringId),
  );
  return wireJson(c, offeringDetailSchema, entry!.value as OfferingDetail, cachedCatalogHeaders(entry!));
};
