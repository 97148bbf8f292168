import type { Db } from '../db';
import { CREDENTIAL_SEAL_PURPOSE } from '../checkout/get-checkout-result';
import { EMAIL_CONTENT_SEAL_PURPOSE } from '../mail/email-content';
import { MANAGEMENT_ANSWER_SEAL_PURPOSE } from '../licensing/management-request';
import { keyIdOf, keyringFromEnv, reseal, sealedUnderOtherKey, type Keyring } from './secret-box';

// `npm run admin -- reseal-secrets`: the middle step of rotating APP_SECRET (README "Rotating
// APP_SECRET"). Everything sealed under a previous secret (APP_SECRET_PREVIOUS) or without a key id
// is opened and sealed again under the current APP_SECRET: signing keys' private parts, the license
// codes kept by checkouts, and the bodies of e-mails still waiting in the deliver-email job.
// Each value is written only if it did not change meanwhile, so running instances may keep working.

/** The secret box's purpose of signing keys' private JWKs (server/keys/signing-keys.ts). */
const SIGNING_KEY_SEAL_PURPOSE = 'signing-key';
const BATCH = 500;

export interface ResealCount {
  /** Re-sealed under the current APP_SECRET. */
  resealed: number;
  /** Already under the current APP_SECRET. */
  current: number;
  /** Opened under no known secret: left as they are (the previous secret must stay until they are dealt with). */
  unopenable: number;
}

export interface ResealReport {
  keyId: string;
  signingKeys: ResealCount;
  checkoutCredentials: ResealCount;
  queuedEmails: ResealCount;
  managementAnswers: ResealCount;
}

function counter(): ResealCount {
  return { resealed: 0, current: 0, unopenable: 0 };
}

/** Re-seals one value; `write` stores it if the stored value is still `sealed` (returns how many rows it changed). */
async function resealOne(count: ResealCount, purpose: string, sealed: string, keyring: Keyring, write: (next: string) => Promise<number>): Promise<void> {
  if (!sealedUnderOtherKey(sealed, keyring)) {
    count.current++;
    return;
  }
  let next: string;
  try {
    next = reseal(purpose, sealed, keyring);
  } catch {
    count.unopenable++;
    return;
  }
  // Changed meanwhile (written by a running instance under the current secret): nothing to do.
  if ((await write(next)) > 0) count.resealed++;
  else count.current++;
}

export async function resealSecrets(ctx: { db: Db }, keyring: Keyring = keyringFromEnv()): Promise<ResealReport> {
  const report: ResealReport = { keyId: keyIdOf(keyring.current), signingKeys: counter(), checkoutCredentials: counter(), queuedEmails: counter(), managementAnswers: counter() };

  const keys = await ctx.db.signingKey.findMany({ select: { id: true, privateKeyCiphertext: true } });
  for (const key of keys) {
    await resealOne(report.signingKeys, SIGNING_KEY_SEAL_PURPOSE, key.privateKeyCiphertext, keyring, async (next) => {
      const { count } = await ctx.db.signingKey.updateMany({ where: { id: key.id, privateKeyCiphertext: key.privateKeyCiphertext }, data: { privateKeyCiphertext: next } });
      return count;
    });
  }

  for (let after: string | undefined; ; ) {
    const checkouts = await ctx.db.checkout.findMany({
      where: { credentialCiphertext: { not: null }, ...(after ? { id: { gt: after } } : {}) },
      select: { id: true, credentialCiphertext: true },
      orderBy: { id: 'asc' },
      take: BATCH,
    });
    for (const checkout of checkouts) {
      const sealed = checkout.credentialCiphertext!;
      await resealOne(report.checkoutCredentials, CREDENTIAL_SEAL_PURPOSE, sealed, keyring, async (next) => {
        const { count } = await ctx.db.checkout.updateMany({ where: { id: checkout.id, credentialCiphertext: sealed }, data: { credentialCiphertext: next } });
        return count;
      });
    }
    if (checkouts.length < BATCH) break;
    after = checkouts.at(-1)!.id;
  }

  // First answers of management writes, answered again to a replay of their RequestId.
  for (let after: string | undefined; ; ) {
    const answers = await ctx.db.managementRequest.findMany({ where: after ? { id: { gt: after } } : {}, select: { id: true, answerCiphertext: true }, orderBy: { id: 'asc' }, take: BATCH });
    for (const answer of answers) {
      await resealOne(report.managementAnswers, MANAGEMENT_ANSWER_SEAL_PURPOSE, answer.answerCiphertext, keyring, async (next) => {
        const { count } = await ctx.db.managementRequest.updateMany({ where: { id: answer.id, answerCiphertext: answer.answerCiphertext }, data: { answerCiphertext: next } });
        return count;
      });
    }
    if (answers.length < BATCH) break;
    after = answers.at(-1)!.id;
  }

  // Bodies of e-mails waiting for delivery (the deliver-email job drops them once sent or failed).
  const jobs = await ctx.db.$queryRaw<{ id: string; content: string }[]>`
    select id::text as "id", data #>> '{payload,content}' as "content"
    from pgboss.job where name = 'deliver-email' and data #> '{payload,content}' is not null`;
  for (const job of jobs) {
    await resealOne(report.queuedEmails, EMAIL_CONTENT_SEAL_PURPOSE, job.content, keyring, (next) =>
      ctx.db.$executeRaw`
        update pgboss.job set data = jsonb_set(data, '{payload,content}', to_jsonb(${next}::text))
        where name = 'deliver-email' and id = ${job.id}::uuid and data #>> '{payload,content}' = ${job.content}`,
    );
  }
  return report;
}
