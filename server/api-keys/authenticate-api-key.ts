import type { Db } from '../db';
import { DomainError } from '../errors';
import { apiKeyCache, claimLastUsedWrite, LAST_USED_WRITE_INTERVAL_MS, type ApiKeyPrincipal } from './api-key-cache';
import { API_KEY_PATTERN, hashApiKey } from './api-key-secret';
import { grantOf } from './api-key-scopes';
import { logger } from '../platform/logging/logger';

export type { ApiKeyPrincipal } from './api-key-cache';

/**
 * Resolves an account API key (spec "Authentication": header `dub-apiKey`) to its seller and what
 * it may do (its scopes are checked by the caller, per operation: requireApiKeyScope).
 * Missing or empty: ApiKeyMissing (401). Malformed, unknown, revoked or expired: ApiKeyInvalid (403).
 * Accepted keys are cached for 10 seconds; lastUsedAt is written at most once a minute, after
 * the answer, so the caller never waits for it.
 */
export async function authenticateApiKey(ctx: { db: Db }, key: string | null | undefined): Promise<ApiKeyPrincipal> {
  const presented = key?.trim() ?? '';
  if (presented === '') throw new DomainError('ApiKeyMissing', 'Send the account API key in the dub-apiKey header.');
  if (!API_KEY_PATTERN.test(presented)) throw invalid();

  const secretHash = hashApiKey(presented);
  const entry = await apiKeyCache.getOrLoad(secretHash, async () => {
    const row = await ctx.db.apiKey.findUnique({
      where: { secretHash },
      select: { id: true, sellerId: true, revokedAt: true, restricted: true, scopes: true, expiresAt: true, seller: { select: { issuerClientId: true } } },
    });
    if (!row || row.revokedAt) return null;
    return { sellerId: row.sellerId, issuerClientId: row.seller.issuerClientId, apiKeyId: row.id, grant: grantOf(row), expiresAt: row.expiresAt?.getTime() ?? null };
  });
  if (!entry) throw invalid();
  // Checked at every use: a cached key expires on time too.
  if (entry.value.expiresAt !== null && entry.value.expiresAt <= Date.now()) throw new DomainError('ApiKeyInvalid', 'The API key has expired; create a new one in the portal.');

  recordUse(ctx, entry.value.apiKeyId);
  return entry.value;
}

function invalid(): DomainError {
  return new DomainError('ApiKeyInvalid', 'The API key is not valid.');
}

function recordUse(ctx: { db: Db }, apiKeyId: string): void {
  const now = Date.now();
  if (!claimLastUsedWrite(apiKeyId, now)) return;
  // The condition keeps several instances to about one write a minute per key as well.
  void ctx.db.apiKey
    .updateMany({
      where: { id: apiKeyId, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now - LAST_USED_WRITE_INTERVAL_MS) } }] },
      data: { lastUsedAt: new Date(now) },
    })
    .catch((error: unknown) => logger.error({ err: error, apiKeyId }, 'api-keys: could not record the use of a key'));
}
