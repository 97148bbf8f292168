import { catalogRoutes } from './endpoints/catalog-endpoints';
import { createRestHandler } from './rest-router';

/** The REST prefixes of the spec; anything under them is answered by `handleRest`. */
export const REST_PREFIXES = ['/purchase', '/licensing', '/licensing-mgmt', '/consumption'] as const;

/** Prefixes the production entry hands straight to `handleRest`, ahead of Next (DESIGN.md). */
export const DIRECT_PREFIXES = ['/licensing/runtime', '/consumption/runtime'] as const;

export const handleRest = createRestHandler([...catalogRoutes]);
