import type { Db } from '../../db';
import { DomainError } from '../../errors';
import { denialReason, DENIAL_MESSAGES, resolveRuntimeCaller, type RuntimeCaller } from '../runtime-caller';
import type { RuntimePrincipal } from '../verify-runtime-token';

/**
 * The seat a device call is for, refused as the authorization refuses: a LicenseId not the token's
 * (404 NotFound), an unknown code (403 CredentialUnknown), a revoked one (403 CredentialRevoked),
 * then the license's state (403 AuthorizationDenied). A device may always give its place back, so a
 * deactivation asks only for a code this service knows (`mayRun: false`).
 */
export async function deviceCaller(
  ctx: { db: Db },
  input: { principal: RuntimePrincipal; licenseId: string; now: Date; mayRun: boolean },
): Promise<RuntimeCaller> {
  if (input.licenseId !== input.principal.licenseId) throw new DomainError('NotFound', 'No license with that id for this credential.');
  const caller = await resolveRuntimeCaller(ctx, input.principal);
  if (!input.mayRun) return caller;
  if (caller.credential.revoked && !caller.seat.retired) throw new DomainError('CredentialRevoked', 'This license code was revoked; issue a new one.');
  const reason = denialReason(caller, input.now);
  if (reason) throw new DomainError('AuthorizationDenied', DENIAL_MESSAGES[reason]!);
  return caller;
}
