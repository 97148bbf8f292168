// REST paths are plain fetch handlers in server/http; this file only mounts them in Next.
import { handleRest } from '@/server/http/rest-app';

export const dynamic = 'force-dynamic';
export { handleRest as GET, handleRest as POST, handleRest as PUT, handleRest as PATCH, handleRest as DELETE, handleRest as HEAD, handleRest as OPTIONS };
