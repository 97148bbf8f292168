// The local processor's Pay button; a plain fetch handler in server/http, only mounted here.
import { handleLocalPay } from '@/server/http/endpoints/local-checkout-endpoints';

export const dynamic = 'force-dynamic';
export { handleLocalPay as POST };
