import 'server-only';

// The REST face's public entry for Next's route files (`@licensing/core/rest`): the REST app as a
// Fetch function, and the header the entry server sets with the client's address. Built beside the
// domain entry (server/entry/app.ts) in one split build, so both share the same module instances.
export { CLIENT_IP_HEADER } from './client-ip-header';
export { handleRest } from './rest-app';
