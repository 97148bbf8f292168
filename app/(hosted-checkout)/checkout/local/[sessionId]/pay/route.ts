// Answered by the REST app (server/http/rest-app.ts), which the production entry mounts ahead of
// Next; this file serves it under `next dev` and hosts without our entry. The routing table
// (server/platform/routing-table.ts) lists it; every method goes to the app, which refuses its own.
import { handleRest } from '@/app/core';

export const dynamic = 'force-dynamic';
export { handleRest as GET, handleRest as POST, handleRest as PUT, handleRest as PATCH, handleRest as DELETE, handleRest as HEAD, handleRest as OPTIONS };
