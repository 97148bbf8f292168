import 'server-only';

// The tRPC face's public entry (`@licensing/core/trpc`), the one door of Next's pages into the core:
// the portal's router, its context and a server-side caller (app/trpc-server.ts), the session hooks of
// the pages' next-auth transport, and the router's type for the pages' client (a type only: nothing
// of the server reaches the browser). Built beside the domain entry in one split build (the same
// module instances).
export { appRouter, createCaller, type AppRouter } from './app-router';
export { createTrpcContext } from './init';
export { portalSessions } from './portal-sessions';
export type { PortalSession } from '../identity/portal-session';
