// The layers of the HTTP stack that `BENCH_ONLY=layers npm run bench` measures one by one, each
// adding to the one before (scripts/bench-layer-server.ts serves each; the production entry is the last).
export const LAYERS = {
  bare: 'node:http + the service functions (verifyRuntimeToken, generateLicenseAuthorization)',
  hono: "+ Hono and @hono/node-server's adapter",
  route: '+ the route as registered (wire schema validation, readJsonBody, withRuntimeToken)',
  surface: "+ the api surface's edge (correlation id, log context, per-IP limit, body limit, metrics, request log)",
  app: "+ every surface's routes in one REST app",
} as const;

export type Layer = keyof typeof LAYERS;
