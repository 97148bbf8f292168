// Every path here is answered by the one REST app (server/http/rest-app.ts), as the routing table
// (server/platform/routing-table.ts) lists; production mounts it
// on node:http ahead of Next, and this file serves it under `next dev` and hosts without our entry.
import { handleRest } from '@/app/core';

export const dynamic = 'force-dynamic';
export { handleRest as GET, handleRest as POST, handleRest as PUT, handleRest as PATCH, handleRest as DELETE, handleRest as HEAD, handleRest as OPTIONS };
