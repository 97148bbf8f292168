import { randomToken, secretHmacCandidates, secretHmacHex } from '../../crypto/secrets';
import type { Db, Tx } from '../../db';
import { env } from '../../env';

// A claim link is {portal}/claim/<token>. The token is 32 random bytes; only its HMAC (keyed from
// APP_SECRET, purpose "claim-token") is stored, so the database alone cannot open a claim.

const PURPOSE = 'claim-token';
/** Longer tokens are not ours: refused before hashing. */
export const CLAIM_TOKEN_MAX_LENGTH = 100;

function claimUrlOf(token: string): string {
  return `${env().publicBaseUrl}/claim/${token}`;
}

/** A new claim link for `intentId`, stored as its HMAC; the token is shown (in the URL) once. */
export async function mintClaimToken(tx: Tx, intentId: string): Promise<{ token: string; claimUrl: string }> {
  const token = randomToken(32);
  await tx.claimToken.create({ data: { intentId, tokenHash: secretHmacHex(PURPOSE, token) } });
  return { token, claimUrl: claimUrlOf(token) };
}

/** The stored token row for a presented token (under APP_SECRET or a previous one), with its intent, checkout and what it sells. */
export async function findClaimToken(ctx: { db: Db }, token: string) {
  if (token.length === 0 || token.length > CLAIM_TOKEN_MAX_LENGTH || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
  return ctx.db.claimToken.findFirst({
    where: { tokenHash: { in: secretHmacCandidates(PURPOSE, token) } },
    include: {
      intent: {
        include: {
          checkout: true,
          seller: true,
          offering: { include: { product: true, features: { orderBy: { key: 'asc' } } } },
        },
      },
    },
  });
}
