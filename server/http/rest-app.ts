import { catalogRoutes } from './endpoints/catalog-endpoints';
import { managementRoutes } from './endpoints/management-endpoints';
import { purchaseCheckoutRoutes } from './endpoints/purchase-checkout-endpoints';
import { runtimeDiscoveryRoutes } from './endpoints/runtime-discovery-endpoints';
import { createRestHandler } from './rest-router';

/** The REST prefixes of the spec; anything under them is answered by `handleRest`. */
export const REST_PREFIXES = ['/purchase', '/licensing', '/licensing-mgmt', '/consumption'] as const;

/** Prefixes the production entry hands straight to `handleRest`, ahead of Next (DESIGN.md). */
export const DIRECT_PREFIXES = ['/licensing/runtime', '/consumption/runtime'] as const;

// Static segments first: `/purchase/checkout/...` must win over `/purchase/{issuerClientId}/...`
// (`checkout` is a reserved issuerClientId for this reason).
export const REST_ROUTES = [...purchaseCheckoutRoutes, ...catalogRoutes, ...managementRoutes, ...runtimeDiscoveryRoutes];

export const handleRest = createRestHandler(REST_ROUTES);
