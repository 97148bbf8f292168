import type { Db } from '../db';

/** What a person may see of a key: never its hash. */
export const apiKeyViewSelect = {
  id: true,
  prefix: true,
  label: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
} as const;

export interface ApiKeyView {
  id: string;
  prefix: string;
  label: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** The seller's keys, newest first, revoked ones included (they stay listed as revoked). */
export async function listApiKeys(ctx: { db: Db }, sellerId: string): Promise<ApiKeyView[]> {
  return ctx.db.apiKey.findMany({
    where: { sellerId },
    select: apiKeyViewSelect,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
}
