import 'server-only';

// The tRPC face's public entry for Next's route file (`@licensing/core/trpc`): the portal's router
// and its context. Built beside the domain entry in one split build (the same module instances).
export { appRouter } from './app-router';
export { createTrpcContext } from './init';
