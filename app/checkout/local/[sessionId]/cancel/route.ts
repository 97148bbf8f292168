// The local processor's Cancel button; a plain fetch handler in server/http, only mounted here.
import { handleLocalCancel } from '@/server/http/endpoints/local-checkout-endpoints';

export const dynamic = 'force-dynamic';
export { handleLocalCancel as POST };
