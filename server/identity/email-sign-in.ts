import crypto from 'node:crypto';
import type { Account } from '@/generated/prisma/client';
import { matchesSecretHmac, randomToken, secretHmacHex, sha256Hex } from '../crypto/secrets';
import type { Db } from '../db';
import { sendSignInCodeEmail, type SignInCodePurchase } from '../mail/sign-in-code-mail';
import { findOrCreateAccountByEmail, normalizeEmail } from './accounts';
import { SIGN_IN_CODE_MAX_ATTEMPTS, SIGN_IN_CODE_SECONDS } from './identity-config';
import { OAuthError } from './oauth-error';
import { spendCodeSent, spendCodeTry, spendSignInStart } from './sign-in-limits';

// Passwordless sign-in by a one-time code e-mailed to the address. One row per attempt; the
// continuation token that names it rotates at each step and only its hash is stored (it is random
// and long, so sha256 suffices). The code has a million values, so it is stored as an HMAC under a
// key derived from APP_SECRET (server/crypto/secrets.ts): the row alone does not give it away.
//
// Against flooding and guessing (docs/security.md), per address, whatever the way in: every code
// e-mailed counts (a resend too), and every code tried counts, across codes and sign-ins, before
// it is checked. A sign-in's own tries (SIGN_IN_CODE_MAX_ATTEMPTS) are not renewed by a resend.

const CODE_HMAC_PURPOSE = 'sign-in-code';
const attemptsExceeded = () => new OAuthError('invalid_grant', 'Too many wrong codes for this sign-in; start the sign-in again.', 400, { suberror: 'attempts_exceeded' });

type Ctx = { db: Db; now?: () => Date };
const nowOf = (ctx: Ctx) => ctx.now?.() ?? new Date();

async function findByContinuationToken(ctx: Ctx, continuationToken: string, clientId: string) {
  const row = await ctx.db.oneTimeCode.findUnique({ where: { continuationTokenHash: sha256Hex(continuationToken) } });
  if (!row || row.clientId !== clientId) throw new OAuthError('invalid_grant', 'The continuation token is unknown or was already used.');
  if (row.usedAt) throw new OAuthError('invalid_grant', 'This sign-in was already completed.');
  if (row.expiresAt <= nowOf(ctx)) throw new OAuthError('expired_token', 'The sign-in expired; start again.');
  return row;
}

/**
 * Step 1 (`initiate`): a sign-in attempt for an address. Nothing is sent yet. `clientIp`, when
 * known, is counted against the sign-ins started per client IP (each stores a row).
 */
export async function startEmailSignIn(
  ctx: Ctx,
  input: { email: string; clientId: string; authorizationRequestId?: string; clientIp?: string },
): Promise<{ continuationToken: string }> {
  await spendSignInStart(input.clientIp);
  const continuationToken = randomToken();
  await ctx.db.oneTimeCode.create({
    data: {
      email: normalizeEmail(input.email),
      clientId: input.clientId,
      continuationTokenHash: sha256Hex(continuationToken),
      authorizationRequestId: input.authorizationRequestId,
      expiresAt: new Date(nowOf(ctx).getTime() + SIGN_IN_CODE_SECONDS * 1000),
    },
  });
  return { continuationToken };
}

/** Step 2 (`challenge`, or a resend): a fresh code is e-mailed; the continuation token rotates. */
export async function sendSignInCode(
  ctx: Ctx,
  input: { continuationToken: string; clientId: string; purchase?: SignInCodePurchase },
): Promise<{ continuationToken: string; email: string; codeLength: number }> {
  const row = await findByContinuationToken(ctx, input.continuationToken, input.clientId);
  // A new code does not renew the sign-in's tries: one whose tries are spent must start again.
  if (row.attempts >= SIGN_IN_CODE_MAX_ATTEMPTS) throw attemptsExceeded();
  await spendCodeSent(row.email);
  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
  const continuationToken = randomToken();
  await ctx.db.oneTimeCode.update({
    where: { id: row.id },
    data: {
      codeHash: secretHmacHex(CODE_HMAC_PURPOSE, code),
      continuationTokenHash: sha256Hex(continuationToken),
      sentAt: nowOf(ctx),
      expiresAt: new Date(nowOf(ctx).getTime() + SIGN_IN_CODE_SECONDS * 1000),
    },
  });
  // Recorded (or the database error answers 503): the delivery job sends it, retrying SMTP as needed.
  await sendSignInCodeEmail(ctx, { to: row.email, code, expiresInMinutes: SIGN_IN_CODE_SECONDS / 60, purchase: input.purchase });
  return { continuationToken, email: row.email, codeLength: code.length };
}

/**
 * Step 3: the code proves the address. Single use, expires, at most SIGN_IN_CODE_MAX_ATTEMPTS
 * tries for the sign-in and the `signInCodeTry` limit for the address. The account is created
 * here on first sign-in.
 */
export async function redeemSignInCode(ctx: Ctx, input: { continuationToken: string; code: string; clientId: string }): Promise<{ account: Account; authorizationRequestId: string | null }> {
  const row = await findByContinuationToken(ctx, input.continuationToken, input.clientId);
  if (!row.codeHash) throw new OAuthError('invalid_grant', 'No code was sent for this sign-in yet.');
  if (row.attempts >= SIGN_IN_CODE_MAX_ATTEMPTS) throw attemptsExceeded();
  // Spent before the code is checked, so neither parallel guesses nor the right code pass a spent limit.
  await spendCodeTry(row.email);

  // Count the attempt before comparing, atomically, so parallel guesses cannot exceed the limit.
  const counted = await ctx.db.oneTimeCode.updateMany({
    where: { id: row.id, usedAt: null, attempts: { lt: SIGN_IN_CODE_MAX_ATTEMPTS } },
    data: { attempts: { increment: 1 } },
  });
  if (counted.count === 0) throw attemptsExceeded();
  if (!matchesSecretHmac(CODE_HMAC_PURPOSE, input.code.trim(), row.codeHash)) {
    throw new OAuthError('invalid_grant', 'The code is not correct.', 400, { suberror: 'invalid_oob_value' });
  }
  const spent = await ctx.db.oneTimeCode.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: nowOf(ctx) } });
  if (spent.count === 0) throw new OAuthError('invalid_grant', 'This code was already used.');

  const account = await findOrCreateAccountByEmail(ctx, row.email);
  await ctx.db.oneTimeCode.update({ where: { id: row.id }, data: { accountId: account.id } });
  return { account, authorizationRequestId: row.authorizationRequestId };
}

/** For the challenge response: b***@example.com. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}
