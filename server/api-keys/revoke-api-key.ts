import type { Db } from '../db';
import { DomainError } from '../errors';
import { forgetApiKey } from './api-key-cache';
import { API_KEY_PATTERN, API_KEY_PREFIX_PATTERN, hashApiKey } from './api-key-secret';
import { apiKeyViewSelect, toApiKeyView, type ApiKeyView } from './list-api-keys';

async function revokeRow(ctx: { db: Db }, row: { id: string; secretHash: string }): Promise<ApiKeyView> {
  // Revoking twice keeps the first revocation time.
  await ctx.db.apiKey.updateMany({ where: { id: row.id, revokedAt: null }, data: { revokedAt: new Date() } });
  await forgetApiKey(ctx, row.secretHash);
  return toApiKeyView(await ctx.db.apiKey.findUniqueOrThrow({ where: { id: row.id }, select: apiKeyViewSelect }));
}

/** Revokes one of the seller's keys; another seller's key, or an unknown id, is NotFound. */
export async function revokeApiKey(ctx: { db: Db }, input: { sellerId: string; id: string }): Promise<ApiKeyView> {
  const row = await ctx.db.apiKey.findFirst({ where: { id: input.id, sellerId: input.sellerId }, select: { id: true, secretHash: true } });
  if (!row) throw new DomainError('NotFound', 'No API key with that id for this seller.');
  return revokeRow(ctx, row);
}

/**
 * The operator's revoke (command line): by prefix (`SVC_AK_XXXXXXXX`), by id, or by the whole key.
 * A prefix shared by two keys is refused rather than guessed.
 */
export async function revokeApiKeyByPrefixOrId(
  ctx: { db: Db },
  prefixOrId: string,
): Promise<ApiKeyView & { issuerClientId: string }> {
  const value = prefixOrId.trim();
  const where = API_KEY_PATTERN.test(value)
    ? { secretHash: hashApiKey(value) }
    : API_KEY_PREFIX_PATTERN.test(value)
      ? { prefix: value }
      : { id: value };
  const rows = await ctx.db.apiKey.findMany({
    where,
    select: { id: true, secretHash: true, seller: { select: { issuerClientId: true } } },
    take: 2,
  });
  if (rows.length === 0) throw new DomainError('NotFound', 'No API key with that prefix or id.');
  if (rows.length > 1) {
    throw new DomainError('ValidationError', 'That prefix names more than one key; revoke by id instead.', {
      details: [{ Code: 'Invalid', Message: 'Ambiguous prefix.', Field: 'PrefixOrId' }],
    });
  }
  const row = rows[0]!;
  return { ...(await revokeRow(ctx, row)), issuerClientId: row.seller.issuerClientId };
}
