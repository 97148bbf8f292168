import { z } from 'zod';
import type { Account } from '@/generated/prisma/client';
import type { Db } from '../db';

export const emailAddressSchema = z.email().max(254).transform((email) => normalizeEmail(email));

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** One person, one account: created at first sign-in, whatever the way in. */
export async function findOrCreateAccountByEmail(ctx: { db: Db }, email: string): Promise<Account> {
  const normalized = normalizeEmail(email);
  return ctx.db.account.upsert({ where: { email: normalized }, create: { email: normalized }, update: {} });
}
