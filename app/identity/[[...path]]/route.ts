// The sign-in authority's endpoints are plain fetch handlers in server/http; mounted here in Next.
import { handleIdentity } from '@/server/http/endpoints/identity-endpoints';

export const dynamic = 'force-dynamic';
export { handleIdentity as GET, handleIdentity as POST };
