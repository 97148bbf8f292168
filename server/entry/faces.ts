import 'server-only';

// The core's faces for Next's route files: the REST app (every REST path mounted under Next) and the
// portal's tRPC router with its context. Built beside ./app in one split build, so both entries share
// the same module instances; ./app itself carries the domain only.
export { CLIENT_IP_HEADER } from '../http/client-ip-header';
export { handleRest } from '../http/rest-app';
export { appRouter } from '../trpc/app-router';
export { createTrpcContext } from '../trpc/init';
