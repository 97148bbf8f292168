import 'server-only';
import type * as Kit from '@licensing/core';
import type * as Rest from '@licensing/core/rest';
import type * as Trpc from '@licensing/core/trpc';

// Where Next's server side loads the core: Node imports its entries from the core's one split build
// (server/dist), the same module instances the production entry serves the REST app from, so the
// process holds one database pool, one set of caches and limiters, one LISTEN connection. The import
// is left to Node on purpose: Turbopack bundles a workspace package even when it is listed in
// serverExternalPackages (vercel/next.js#84388), which would make a second copy. Types come from the
// entries directly (`import type`, erased at build).
//
// Pages reach the core one way: the tRPC router, through app/trpc-server.ts (server components,
// layouts, server actions) or the React client (client components). Beside it only the pages' kit
// (stateless rules and constants, no service, no database) and the REST app the route files mount.

/** The tRPC face: the router, its context and server-side caller, next-auth's session hooks. */
export const trpc: typeof Trpc = await import(/* turbopackIgnore: true */ /* webpackIgnore: true */ '@licensing/core/trpc');
/** The pages' kit: stateless rules and constants (server/entry/app.ts). */
export const kit: typeof Kit = await import(/* turbopackIgnore: true */ /* webpackIgnore: true */ '@licensing/core');
const rest: typeof Rest = await import(/* turbopackIgnore: true */ /* webpackIgnore: true */ '@licensing/core/rest');

/** The REST app's fetch, which the REST route files re-export, and the client address its entry server sets. */
export const { CLIENT_IP_HEADER, handleRest } = rest;
