// Answered by the REST app (server/http/rest-app.ts), which the production entry mounts ahead of
// Next; this file serves it under hosts without our entry.
import { handleRest } from '@/app/core';

export const dynamic = 'force-dynamic';
export { handleRest as POST };
