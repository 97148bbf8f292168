import { randomToken, secretHmacCandidates, secretHmacHex } from '../../crypto/secrets';
import { env } from '../../env';

// An invitation link is {base}/invitations/<token>: 32 random bytes, base64url. Only its HMAC-SHA256
// (keyed from APP_SECRET, purpose "seller-invitation") is stored, so the database alone opens no
// invitation; a resend replaces it, and the old link then names nothing.

const PURPOSE = 'seller-invitation';
const TOKEN_MAX_LENGTH = 100;

/** How long an invitation's link works after it was sent. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export function mintInvitationToken(): { token: string; tokenHash: string } {
  const token = randomToken(32);
  return { token, tokenHash: secretHmacHex(PURPOSE, token) };
}

export function invitationUrlOf(token: string): string {
  return `${env().publicBaseUrl}/invitations/${token}`;
}

/** The stored hashes a presented token may have (APP_SECRET and the previous ones), or none for text no token can be. */
export function invitationTokenHashes(token: string): string[] {
  if (token.length === 0 || token.length > TOKEN_MAX_LENGTH || !/^[A-Za-z0-9_-]+$/.test(token)) return [];
  return secretHmacCandidates(PURPOSE, token);
}
