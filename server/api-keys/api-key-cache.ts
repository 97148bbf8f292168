import { TtlCache } from '../cache/ttl-cache';

/** Who an account API key speaks for. */
export interface ApiKeyPrincipal {
  sellerId: string;
  issuerClientId: string;
  apiKeyId: string;
}

// Positive lookups only, keyed by the key's hash, for 10 seconds at most: a key revoked in this
// process is forgotten at once; another instance stops accepting it within 10 seconds.
export const API_KEY_CACHE_SECONDS = 10;
export const apiKeyCache = new TtlCache<ApiKeyPrincipal>(API_KEY_CACHE_SECONDS * 1000, 10_000);

export function forgetApiKey(secretHash: string): void {
  apiKeyCache.deleteWhere((key) => key === secretHash);
}

// lastUsedAt is written at most once a minute per key: when this process last wrote it, per key id.
export const LAST_USED_WRITE_INTERVAL_MS = 60_000;
const MAX_TRACKED_KEYS = 10_000;
const lastUsedWrites = new Map<string, number>();

/** Whether this use should write lastUsedAt; records the write when it should. */
export function claimLastUsedWrite(apiKeyId: string, now: number): boolean {
  const previous = lastUsedWrites.get(apiKeyId);
  if (previous !== undefined && now - previous < LAST_USED_WRITE_INTERVAL_MS) return false;
  if (previous === undefined && lastUsedWrites.size >= MAX_TRACKED_KEYS) {
    const oldest = lastUsedWrites.keys().next().value;
    if (oldest !== undefined) lastUsedWrites.delete(oldest);
  }
  lastUsedWrites.delete(apiKeyId);
  lastUsedWrites.set(apiKeyId, now);
  return true;
}
