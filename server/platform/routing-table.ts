// The one routing table: which paths the REST app answers (surface by surface) and which are Next's.
// The production entry's node:http mounts are built from it (start-service.ts), the Next proxy skips
// what it lists (proxy.ts), the REST app checks every surface's operations against it, and a test
// holds Next's route files (`next dev`, hosts without our entry) to it. A new prefix is one edit here.
// Plain data: pages' code may import it.

export interface Surface {
  /** Every path under these prefixes is the app's: unknown ones get the surface's 404 or 405 too. */
  prefixes: readonly string[];
  /** Paths under a prefix that are Next pages, left to Next (exact paths). */
  pages?: readonly string[];
  /** Single paths among Next's pages (`/path/:param`): every method on them is the app's. */
  paths?: readonly string[];
  /**
   * The operator may serve this surface through Next's route files instead of straight on node:http
   * (REST_DIRECT_MOUNT=false, the benchmark's baseline).
   */
  directMountOptional?: boolean;
  /** Next's route files that hand this surface to the REST app under `next dev` (app/…/route.ts). */
  nextRouteFiles: readonly string[];
}

export const SURFACES = {
  /** The REST contract of the spec (ApiError bodies). */
  api: {
    prefixes: ['/purchase', '/licensing', '/licensing-mgmt', '/consumption'],
    directMountOptional: true,
    nextRouteFiles: ['app/purchase/[[...path]]/route.ts', 'app/licensing/[[...path]]/route.ts', 'app/licensing-mgmt/[[...path]]/route.ts', 'app/consumption/[[...path]]/route.ts'],
  },
  /** The MCP endpoint for agents (JSON-RPC bodies). */
  mcp: { prefixes: ['/mcp'], directMountOptional: true, nextRouteFiles: ['app/mcp/[[...path]]/route.ts'] },
  /** The built-in sign-in authority (OAuth error bodies); its sign-in page is Next's. */
  identity: { prefixes: ['/identity'], pages: ['/identity/sign-in'], directMountOptional: true, nextRouteFiles: ['app/(service)/identity/[[...path]]/route.ts'] },
  /** Liveness, readiness, metrics, the OpenAPI document and its reference page. */
  operations: { prefixes: ['/healthz', '/readyz', '/metrics', '/openapi.json', '/docs'], nextRouteFiles: [] },
  /** The payment processor's event deliveries (what Stripe reads). */
  processorCallbacks: { prefixes: ['/payments/stripe/webhook'], nextRouteFiles: ['app/payments/stripe/webhook/route.ts'] },
  /** Where a buyer's browser comes back from a checkout page (redirects and small HTML pages). */
  checkoutCallbacks: {
    prefixes: ['/checkout/return'],
    paths: ['/checkout/local/:sessionId/pay', '/checkout/local/:sessionId/cancel', '/checkout/local/:sessionId/discount'],
    nextRouteFiles: [
      'app/(service)/checkout/return/[sessionId]/route.ts',
      'app/(hosted-checkout)/checkout/local/[sessionId]/pay/route.ts',
      'app/(hosted-checkout)/checkout/local/[sessionId]/cancel/route.ts',
      'app/(hosted-checkout)/checkout/local/[sessionId]/discount/route.ts',
    ],
  },
} as const satisfies Record<string, Surface>;

export type SurfaceName = keyof typeof SURFACES;
export const SURFACE_NAMES = Object.keys(SURFACES) as SurfaceName[];

const isUnder = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** `/checkout/local/:sessionId/pay` (or `{sessionId}`) → a matcher of concrete paths. */
export function pathPattern(template: string): RegExp {
  const source = template
    .split('/')
    .map((segment) => (segment.startsWith(':') || (segment.startsWith('{') && segment.endsWith('}')) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

const SINGLE_PATHS = SURFACE_NAMES.flatMap((name) =>
  ((SURFACES[name] as Surface).paths ?? []).map((template) => ({
    name,
    pattern: pathPattern(template),
    // The path up to its first parameter: where the entry server starts looking.
    staticPrefix: template.split('/:')[0]!,
  })),
);

/**
 * The surface that answers a path, or null for Next's pages and route files. `//purchase/x` is
 * still under /purchase: callers collapse repeated slashes first.
 */
export function surfaceOf(pathname: string): SurfaceName | null {
  for (const name of SURFACE_NAMES) {
    const surface: Surface = SURFACES[name];
    if (surface.prefixes.some((prefix) => isUnder(pathname, prefix)) && !surface.pages?.includes(pathname)) return name;
  }
  return SINGLE_PATHS.find((single) => single.pattern.test(pathname))?.name ?? null;
}

/** Whether the REST app answers a path (the pages' proxy leaves it alone). */
export const isSurfacePath = (pathname: string) => surfaceOf(pathname) !== null;

export interface SurfaceMount {
  surface: SurfaceName;
  prefixes: readonly string[];
  pages: readonly string[];
  directMountOptional: boolean;
  /** For single paths among Next's pages: which requests under the prefix are the app's. */
  only?: (pathname: string) => boolean;
}

/** The production entry's node:http mounts: each surface's prefixes, and its single paths. */
export function surfaceMounts(): SurfaceMount[] {
  return SURFACE_NAMES.flatMap((name) => {
    const surface: Surface = SURFACES[name];
    const whole = surface.prefixes.length > 0 ? [{ surface: name, prefixes: surface.prefixes, pages: surface.pages ?? [], directMountOptional: surface.directMountOptional ?? false }] : [];
    // One mount per static prefix (the entry server takes the first mount whose prefix matches).
    const paths = SINGLE_PATHS.filter((path) => path.name === name);
    const single = [...new Set(paths.map((path) => path.staticPrefix))].map((staticPrefix) => ({
      surface: name,
      prefixes: [staticPrefix],
      pages: [],
      directMountOptional: false,
      only: (pathname: string) => {
        const routingPath = pathname.replace(/\/{2,}/g, '/');
        return paths.some((path) => path.staticPrefix === staticPrefix && path.pattern.test(routingPath));
      },
    }));
    return [...whole, ...single];
  });
}
