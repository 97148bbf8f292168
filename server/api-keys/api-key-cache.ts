import { LRUCache } from 'lru-cache';
import type { Tx } from '../db';
import type { ApiKeyGrant } from './api-key-scopes';
import { InvalidatedCache } from '../platform/invalidation/invalidated-cache';
import { defineInvalidationTopic, publishInvalidation } from '../platform/invalidation/invalidation';

/** Who an account API key speaks for. */
export interface ApiKeyPrincipal {
  sellerId: string;
  issuerClientId: string;
  apiKeyId: string;
  /** What the key may do: null for an unrestricted key, else its scopes. */
  grant: ApiKeyGrant;
  /** When the key stops being accepted (ms since the epoch); null: never. */
  expiresAt: number | null;
}

// Positive lookups only, keyed by the key's hash, for 10 seconds at most: a revoked key is
// forgotten at once in this module copy and within a second in every other copy and instance
// (topic `api-key`); the 10 seconds bound only what a lost notification leaves behind.
const API_KEY_CACHE_SECONDS = 10;
/** Keys whose lookup is held: far more than any seller's backends use at once. */
export const API_KEY_CACHE_MAX = 10_000;
/** An account API key was revoked. Key: the key's hash. */
export const API_KEY_TOPIC = defineInvalidationTopic('api-key');
export const apiKeyCache = new InvalidatedCache<ApiKeyPrincipal>({
  topic: API_KEY_TOPIC,
  ttlMs: API_KEY_CACHE_SECONDS * 1000,
  maxEntries: API_KEY_CACHE_MAX,
});

/** Every copy forgets the key; call after its revocation is committed. */
export function forgetApiKey(ctx: { db: Tx }, secretHash: string): Promise<void> {
  return publishInvalidation(ctx, API_KEY_TOPIC, secretHash);
}

// lastUsedAt is written at most once a minute per key: when this process last wrote it, per key id.
// A key pushed out of the bound only gets one write early.
export const LAST_USED_WRITE_INTERVAL_MS = 60_000;
export const LAST_USED_TRACKED_KEYS_MAX = 10_000;
const lastUsedWrites = new LRUCache<string, number>({ max: LAST_USED_TRACKED_KEYS_MAX });

/** Whether this use should write lastUsedAt; records the write when it should. */
export function claimLastUsedWrite(apiKeyId: string, now: number): boolean {
  const previous = lastUsedWrites.get(apiKeyId);
  if (previous !== undefined && now - previous < LAST_USED_WRITE_INTERVAL_MS) return false;
  lastUsedWrites.set(apiKeyId, now);
  return true;
}
