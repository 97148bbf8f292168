import type { Db } from '../db';
import { validationErrorFromZod } from '../validation-error';
import { createApiKeyInputSchema, type CreateApiKeyInput } from './api-key.schema';
import { generateApiKey } from './api-key-secret';
import type { ApiKeyScope } from './api-key-scopes';

export interface CreatedApiKey {
  id: string;
  /** The whole key. Returned here once; only its hash is stored. */
  key: string;
  prefix: string;
  label: string;
  createdAt: Date;
  /** Its scopes; null for full access. */
  scopes: ApiKeyScope[] | null;
  expiresAt: Date | null;
}

/** Issues an account API key for a seller (header `dub-apiKey`), restricted to `scopes` when given, until `expiresInDays` when given. */
export async function createApiKey(
  ctx: { db: Db },
  input: CreateApiKeyInput & { sellerId: string; createdById?: string | null },
): Promise<CreatedApiKey> {
  const parsed = createApiKeyInputSchema.safeParse({ label: input.label, scopes: input.scopes, expiresInDays: input.expiresInDays });
  if (!parsed.success) throw validationErrorFromZod(parsed.error);
  const { label, scopes, expiresInDays } = parsed.data;
  const { key, prefix, secretHash } = generateApiKey();
  const expiresAt = expiresInDays === undefined ? null : new Date(Date.now() + expiresInDays * 86_400_000);
  const row = await ctx.db.apiKey.create({
    data: { sellerId: input.sellerId, prefix, secretHash, label, createdById: input.createdById ?? null, restricted: scopes !== undefined, scopes: scopes ?? [], expiresAt },
    select: { id: true, prefix: true, label: true, createdAt: true, expiresAt: true },
  });
  return { ...row, scopes: scopes ?? null, key };
}
