import type { Db } from '../db';
import type { SignInCodePurchase } from '../mail/sign-in-code-mail';
import { startEmailSignIn, sendSignInCode, maskEmail } from './email-sign-in';
import { PORTAL_CLIENT_ID } from './identity-config';

/**
 * The portal's first sign-in step: a code e-mailed to the address, as on the sign-in page. Counted
 * like every other way in: per address (codes sent) and, when known, per client IP (sign-ins started).
 */
export async function requestPortalSignIn(
  ctx: { db: Db },
  input: { email: string; clientIp?: string; purchase?: SignInCodePurchase },
): Promise<{ continuationToken: string; sentTo: string }> {
  const started = await startEmailSignIn(ctx, { email: input.email, clientId: PORTAL_CLIENT_ID, clientIp: input.clientIp });
  const sent = await sendSignInCode(ctx, { continuationToken: started.continuationToken, clientId: PORTAL_CLIENT_ID, purchase: input.purchase });
  return { continuationToken: sent.continuationToken, sentTo: maskEmail(sent.email) };
}
