import type { Account } from '@/generated/prisma/client';
import type { Tx } from '../db';
import { normalizeEmail } from '../../sdk/src/contract/fields';

// The e-mail rule is one of the shared field rules (the client library checks it too).
export { emailAddressSchema, normalizeEmail } from '../../sdk/src/contract/fields';

/** One person, one account: created at first sign-in, whatever the way in. */
export async function findOrCreateAccountByEmail(ctx: { db: Tx }, email: string): Promise<Account> {
  const normalized = normalizeEmail(email);
  return ctx.db.account.upsert({ where: { email: normalized }, create: { email: normalized }, update: {} });
}
