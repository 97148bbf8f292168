import crypto from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { SigningKeyPurpose } from '@/generated/prisma/client';
import { open, seal } from '../crypto/secret-box';
import type { Db } from '../db';
import { InvalidatedCache } from '../platform/invalidation/invalidated-cache';
import { publishInvalidation } from '../platform/invalidation/invalidation';

// ES256 signing keys, one series per purpose (runtime tokens and authorizations; the identity
// authority's tokens). Versions are additive and never disabled: the newest signs, every version
// stays in the JWKS (spec "Versioning" 1).

export interface ActiveSigningKey {
  id: string;
  kid: string;
  privateKey: CryptoKey;
}

export type PublicJwk = JWK & { kid: string; alg: 'ES256'; use: 'sig' };

// Both caches are keyed by purpose. Adding a version publishes `signing-key` with its purpose, so
// every module copy and instance reloads both within a second; the minute bounds a lost notice.
const CACHE_MS = 60_000;
const activeKeys = new InvalidatedCache<ActiveSigningKey>({ topic: 'signing-key', ttlMs: CACHE_MS, maxEntries: 10 });
const publicKeySets = new InvalidatedCache<PublicJwk[]>({ topic: 'signing-key', ttlMs: CACHE_MS, maxEntries: 10 });

// Any fixed number: instances creating the first key of a purpose at once take turns.
const KEY_CREATION_LOCK = 72_707_370;

function newKid(purpose: SigningKeyPurpose): string {
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  return `${purpose}-${day}-${crypto.randomBytes(4).toString('hex')}`;
}

async function createKey(db: Db, purpose: SigningKeyPurpose) {
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = newKid(purpose);
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
  const privateJwk = await exportJWK(privateKey);
  return db.signingKey.create({
    data: { purpose, kid, publicJwk, privateKeyCiphertext: seal('signing-key', JSON.stringify(privateJwk)) },
  });
}

async function loadActive(db: Db, purpose: SigningKeyPurpose): Promise<ActiveSigningKey> {
  let row = await db.signingKey.findFirst({ where: { purpose }, orderBy: { createdAt: 'desc' } });
  if (!row && typeof db.$transaction !== 'function') {
    // Called inside someone's transaction: that transaction's own lock order applies (and
    // PostgreSQL delivers the notification when it commits).
    row = await createKey(db, purpose);
    await publishInvalidation({ db }, 'signing-key', purpose);
  } else if (!row) {
    let created = false;
    row = await db.$transaction(async (tx) => {
      await tx.$executeRaw`select pg_advisory_xact_lock(${KEY_CREATION_LOCK})`;
      const existing = await tx.signingKey.findFirst({ where: { purpose }, orderBy: { createdAt: 'desc' } });
      if (existing) return existing;
      created = true;
      return createKey(tx as unknown as Db, purpose);
    });
    // Copies that cached an empty key set of this purpose drop it.
    if (created) await publishInvalidation({ db }, 'signing-key', purpose);
  }
  const privateJwk = JSON.parse(open('signing-key', row.privateKeyCiphertext)) as JWK;
  const privateKey = (await importJWK(privateJwk, 'ES256')) as CryptoKey;
  return { id: row.id, kid: row.kid, privateKey };
}

/** The newest key version of a purpose, created on first use. */
export async function getActiveSigningKey(ctx: { db: Db }, purpose: SigningKeyPurpose): Promise<ActiveSigningKey> {
  return (await activeKeys.getOrLoad(purpose, () => loadActive(ctx.db, purpose)))!.value;
}

/** Every version of a purpose that has ever existed, newest first, as public JWKs. */
export async function listPublicJwks(ctx: { db: Db }, purpose: SigningKeyPurpose): Promise<PublicJwk[]> {
  const entry = await publicKeySets.getOrLoad(purpose, async () => {
    const rows = await ctx.db.signingKey.findMany({ where: { purpose }, orderBy: { createdAt: 'desc' } });
    return rows.map((row) => row.publicJwk as PublicJwk);
  });
  return entry!.value;
}

/** Adds a new version; older ones keep verifying what they signed. */
export async function rotateSigningKey(ctx: { db: Db }, purpose: SigningKeyPurpose): Promise<{ kid: string }> {
  const row = await createKey(ctx.db, purpose);
  await publishInvalidation(ctx, 'signing-key', purpose);
  return { kid: row.kid };
}

/** This module copy only: drops every cached key (a kid seen in a token but not in the cached set). */
export function forgetSigningKeys(): void {
  activeKeys.clear();
  publicKeySets.clear();
}

/** Signing keys are generated on first start, so discovery documents never show an empty JWKS. */
export async function ensureSigningKeys(ctx: { db: Db }): Promise<void> {
  await getActiveSigningKey(ctx, 'identity');
  await getActiveSigningKey(ctx, 'runtime');
}
