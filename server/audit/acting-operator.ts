import type { ActingContext } from '../platform/database/acting-context';

/**
 * The operator at the command line (npm run admin) as the actor of the audit log. It acts for no one
 * seller: each entry goes to the seller whose row changed (a seller made by create-seller included).
 */
export function operatorActor(command: string): ActingContext {
  return {
    sellerId: null,
    actorType: 'Operator',
    actorId: null,
    actorLabel: 'operator',
    actorRole: null,
    actorScopes: [],
    surface: 'Operator',
    operation: `admin ${command}`,
    ipAddress: null,
    userAgent: null,
    correlationId: null,
  };
}
