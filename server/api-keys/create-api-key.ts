import type { Db } from '../db';
import { validationErrorFromZod } from '../validation-error';
import { createApiKeyInputSchema, type CreateApiKeyInput } from './api-key.schema';
import { generateApiKey } from './api-key-secret';

export interface CreatedApiKey {
  id: string;
  /** The whole key. Returned here once; only its hash is stored. */
  key: string;
  prefix: string;
  label: string;
  createdAt: Date;
}

/** Issues an account API key for a seller (header `dub-apiKey`). */
export async function createApiKey(
  ctx: { db: Db },
  input: CreateApiKeyInput & { sellerId: string; createdById?: string | null },
): Promise<CreatedApiKey> {
  const parsed = createApiKeyInputSchema.safeParse({ label: input.label });
  if (!parsed.success) throw validationErrorFromZod(parsed.error);
  const { key, prefix, secretHash } = generateApiKey();
  const row = await ctx.db.apiKey.create({
    data: { sellerId: input.sellerId, prefix, secretHash, label: parsed.data.label, createdById: input.createdById ?? null },
    select: { id: true, prefix: true, label: true, createdAt: true },
  });
  return { ...row, key };
}
