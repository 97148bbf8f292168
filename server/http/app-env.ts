import type { Context } from 'hono';
import type { ApiKeyPrincipal } from '../api-keys/authenticate-api-key';
import type { Buyer } from '../identity/verify-buyer-token';
import type { RuntimePrincipal } from '../runtime/verify-runtime-token';

/** What the REST app's middleware hands to handlers (Hono context variables). */
export interface AppEnv {
  Variables: {
    correlationId: string;
    apiKey: ApiKeyPrincipal;
    buyer: Buyer;
    runtime: RuntimePrincipal;
    /** The operation a refusal of another method answered for (405), for the request metrics' route label. */
    refusedOperation: string | undefined;
    /** The surface that took the request: how it says no to whatever is thrown inside it. */
    refuse: ((thrown: unknown, c: Context<AppEnv>) => Response) | undefined;
  };
}
