import type { ApiKeyPrincipal } from '../api-keys/authenticate-api-key';
import type { ActingContext } from '../platform/database/acting-context';

/** Every scope, later ones included: what an unrestricted key's entries name. */
const EVERY_SCOPE = '*';

/**
 * An account API key as the actor of the audit log. Its label is filled in by the database from the
 * key's row when an entry is written (actorLabel null here), so authenticating a key reads nothing more.
 */
export function apiKeyActor(
  principal: ApiKeyPrincipal,
  call: Pick<ActingContext, 'surface' | 'operation' | 'ipAddress' | 'userAgent' | 'correlationId'>,
): ActingContext {
  return {
    sellerId: principal.sellerId,
    actorType: 'ApiKey',
    actorId: principal.apiKeyId,
    actorLabel: null,
    actorRole: null,
    actorScopes: principal.grant === null ? [EVERY_SCOPE] : [...principal.grant],
    ...call,
  };
}
