import 'server-only';

// The tRPC face's public entry for Next's route file (`@licensing/core/trpc`): the portal's router
// and its context, and the router's type for the pages' client (a type only: nothing of the server
// reaches the browser). Built beside the domain entry in one split build (the same module instances).
export { appRouter, type AppRouter } from './app-router';
export { createTrpcContext } from './init';
