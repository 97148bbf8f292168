import type { Prisma } from '@/generated/prisma/client';
import type { Db } from '../db';
import { grantOf, type ApiKeyScope } from './api-key-scopes';

/** What a person may see of a key: never its hash. */
export const apiKeyViewSelect = {
  id: true,
  prefix: true,
  label: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
  restricted: true,
  scopes: true,
  expiresAt: true,
} as const;

export interface ApiKeyView {
  id: string;
  prefix: string;
  label: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  /** Its scopes; null for full access. */
  scopes: ApiKeyScope[] | null;
  expiresAt: Date | null;
  /** Its expiry has passed (when it was read): it is refused like a revoked one. */
  expired: boolean;
}

/** The seller's keys, newest first, revoked ones included (they stay listed as revoked). */
export async function listApiKeys(ctx: { db: Db }, sellerId: string): Promise<ApiKeyView[]> {
  const keys = await ctx.db.apiKey.findMany({
    where: { sellerId },
    select: apiKeyViewSelect,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
  const now = Date.now();
  return keys.map((key) => toApiKeyView(key, now));
}

/** A selected row as a person sees it: a restricted key's scopes, or null for full access. */
export function toApiKeyView({ restricted, scopes, ...key }: Prisma.ApiKeyGetPayload<{ select: typeof apiKeyViewSelect }>, now = Date.now()): ApiKeyView {
  return { ...key, scopes: grantOf({ restricted, scopes }), expired: key.expiresAt !== null && key.expiresAt.getTime() <= now };
}
