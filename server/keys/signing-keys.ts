import crypto from 'node:crypto';
import { createLocalJWKSet, exportJWK, generateKeyPair, type JWK, type JWTVerifyGetKey } from 'jose';
import type { SigningKeyPurpose } from '@/generated/prisma/client';
import { defineSealedValues } from '../crypto/reseal-secrets';
import { open, seal } from '../crypto/secret-box';
import { withinTransaction, type Tx } from '../db';
import { DomainError } from '../errors';
import { logger } from '../platform/logging/logger';
import { defineInvalidationTopic, publishInvalidation } from '../platform/invalidation/invalidation';
import { KeyCache } from './key-cache';

// ES256 signing keys, one series per purpose (runtime tokens and authorizations; the identity
// authority's tokens). Versions are additive and never disabled: every version stays in the JWKS
// (spec "Versioning" 1). Publish first, sign later: a new version is in the JWKS from the moment it
// is stored, and signs only from its `activatesAt`, once every JWKS that was served without it has
// expired from every cache (DESIGN.md "Platform decisions": signing keys).

export interface ActiveSigningKey {
  id: string;
  kid: string;
  /** A node:crypto key: signatures are made by server/keys/sign-jws.ts. */
  privateKey: crypto.KeyObject;
}

export type PublicJwk = JWK & { kid: string; alg: 'ES256'; use: 'sig' };

/** In-process lifetime of both caches; adding a version drops them everywhere at once (`signing-key`), this bounds a lost notice. */
export const KEY_CACHE_SECONDS = 60;
/** The JWKS routes' `Cache-Control: max-age` (runtime and identity); a test keeps the two equal. */
export const JWKS_MAX_AGE_SECONDS = 300;
const ACTIVATION_MARGIN_SECONDS = 60;
/**
 * A new version signs this long after it is stored: a client may hold a JWKS fetched just before
 * for max-age, and that JWKS may itself come from an instance whose cache missed the notice
 * (KEY_CACHE_SECONDS). 300 + 60 + 60 = 420 s, 7 minutes.
 */
export const DEFAULT_ACTIVATION_DELAY_SECONDS = JWKS_MAX_AGE_SECONDS + KEY_CACHE_SECONDS + ACTIVATION_MARGIN_SECONDS;
const MAX_ACTIVATION_DELAY_SECONDS = 30 * 86_400;
/** A kid no cached version has (a forged token, or a notice this copy missed) reloads the set at most this often. */
export const UNKNOWN_KID_RELOAD_SECONDS = 60;
// While the database fails, a copy keeps the keys it holds and asks again after this long.
const RETRY_AFTER_FAILURE_MS = 5_000;

/** The secret box's purpose of signing keys' private JWKs. */
const SIGNING_KEY_SEAL_PURPOSE = 'signing-key';

/** A purpose's signing keys changed (a version added or activated). Key: the purpose. */
export const SIGNING_KEY_TOPIC = defineInvalidationTopic('signing-key');
const activeKeys = new KeyCache<ActiveSigningKey>(SIGNING_KEY_TOPIC);
const publicKeySets = new KeyCache<PublicJwk[]>(SIGNING_KEY_TOPIC);
const lastUnknownKidReload = new Map<SigningKeyPurpose, number>();

// Any fixed number: instances creating the first key of a purpose at once take turns.
const KEY_CREATION_LOCK = 72_707_370;

function newKid(purpose: SigningKeyPurpose): string {
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  return `${purpose}-${day}-${crypto.randomBytes(4).toString('hex')}`;
}

async function createKey(db: Tx, purpose: SigningKeyPurpose, activatesAt?: Date) {
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = newKid(purpose);
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
  const privateJwk = await exportJWK(privateKey);
  return db.signingKey.create({
    data: { purpose, kid, publicJwk, privateKeyCiphertext: seal(SIGNING_KEY_SEAL_PURPOSE, JSON.stringify(privateJwk)), activatesAt },
  });
}

/** The first version of a purpose, made on first use (it signs at once: nothing was ever published before it). */
async function createFirstKey(db: Tx, purpose: SigningKeyPurpose) {
  // Inside someone's transaction, the lock lasts until it ends (and PostgreSQL delivers the
  // notification when it commits).
  let created = false;
  const row = await withinTransaction(db, async (tx) => {
    await tx.$executeRaw`select pg_advisory_xact_lock(${KEY_CREATION_LOCK})`;
    const existing = await tx.signingKey.findFirst({ where: { purpose }, orderBy: { createdAt: 'desc' } });
    if (existing) return existing;
    created = true;
    return createKey(tx, purpose);
  });
  // Copies that cached an empty key set of this purpose drop it.
  if (created) await publishInvalidation({ db }, SIGNING_KEY_TOPIC, purpose);
  return row;
}

/**
 * The signing version: the newest one whose activation time has come. Before any has (a purpose
 * whose only versions are pending, which only an operator's clock mistake makes), the one that
 * activates first. Cached until the next pending activation at most, so every instance switches
 * on time without a notice.
 */
async function loadActive(db: Tx, purpose: SigningKeyPurpose): Promise<{ value: ActiveSigningKey; expiresAt: number }> {
  const now = new Date();
  let row =
    (await db.signingKey.findFirst({ where: { purpose, activatesAt: { lte: now } }, orderBy: { createdAt: 'desc' } })) ??
    (await db.signingKey.findFirst({ where: { purpose }, orderBy: { activatesAt: 'asc' } }));
  row ??= await createFirstKey(db, purpose);
  const pending = await db.signingKey.findFirst({ where: { purpose, activatesAt: { gt: now } }, orderBy: { activatesAt: 'asc' }, select: { activatesAt: true } });
  const privateJwk = JSON.parse(open(SIGNING_KEY_SEAL_PURPOSE, row.privateKeyCiphertext)) as crypto.JsonWebKey;
  const privateKey = crypto.createPrivateKey({ key: privateJwk, format: 'jwk' });
  const expiresAt = Math.min(Date.now() + KEY_CACHE_SECONDS * 1000, pending?.activatesAt.getTime() ?? Infinity);
  return { value: { id: row.id, kid: row.kid, privateKey }, expiresAt };
}

async function loadPublic(db: Tx, purpose: SigningKeyPurpose): Promise<{ value: PublicJwk[]; expiresAt: number }> {
  const rows = await db.signingKey.findMany({ where: { purpose }, orderBy: { createdAt: 'desc' }, select: { publicJwk: true } });
  return { value: rows.map((row) => row.publicJwk as PublicJwk), expiresAt: Date.now() + KEY_CACHE_SECONDS * 1000 };
}

/**
 * Keeps what a copy holds when the database cannot be read: an expired key set or signing key is
 * still right (versions are never withdrawn), and dropping it would stop signing and verifying.
 */
function keepOnFailure<T>(what: string, purpose: SigningKeyPurpose, load: (db: Tx, purpose: SigningKeyPurpose) => Promise<{ value: T; expiresAt: number }>) {
  return (db: Tx) => async (previous: T | undefined) => {
    try {
      return await load(db, purpose);
    } catch (error) {
      if (previous === undefined) throw error;
      logger.warn({ err: error, purpose }, `signing keys: could not reload the ${what}; keeping the one held`);
      return { value: previous, expiresAt: Date.now() + RETRY_AFTER_FAILURE_MS };
    }
  };
}

/**
 * The version that signs now (created on first use). Never one this copy's JWKS does not serve yet:
 * when the signing version was read before the key set heard of it (a rotation's notice late, its
 * activation already passed), the key set is read again first.
 */
export async function getActiveSigningKey(ctx: { db: Tx }, purpose: SigningKeyPurpose): Promise<ActiveSigningKey> {
  const active = await activeKeys.get(purpose, keepOnFailure('signing key', purpose, loadActive)(ctx.db));
  if (active !== servedActive.get(purpose)) {
    const served = await listPublicJwks(ctx, purpose);
    if (!served.some((key) => key.kid === active.kid)) await publicKeySets.reload(purpose, keepOnFailure('key set', purpose, loadPublic)(ctx.db));
    servedActive.set(purpose, active);
  }
  return active;
}

/** The signing version last seen in this copy's key set, per purpose: checked once per version loaded. */
const servedActive = new Map<SigningKeyPurpose, ActiveSigningKey>();

/** Every version of a purpose that has ever existed, pending ones included, newest first, as public JWKs. */
export async function listPublicJwks(ctx: { db: Tx }, purpose: SigningKeyPurpose): Promise<PublicJwk[]> {
  return publicKeySets.get(purpose, keepOnFailure('key set', purpose, loadPublic)(ctx.db));
}

/**
 * For a token whose kid is in no cached version: reloads the key set, at most once a minute per
 * purpose and module copy, so a flood of made-up kids costs one query. A version added elsewhere
 * arrives sooner through its `signing-key` notice; this covers a notice that was lost.
 */
export async function reloadPublicJwksForUnknownKid(ctx: { db: Tx }, purpose: SigningKeyPurpose): Promise<PublicJwk[]> {
  const now = Date.now();
  const last = lastUnknownKidReload.get(purpose);
  if (last !== undefined && now - last < UNKNOWN_KID_RELOAD_SECONDS * 1000) return listPublicJwks(ctx, purpose);
  lastUnknownKidReload.set(purpose, now);
  return publicKeySets.reload(purpose, keepOnFailure('key set', purpose, loadPublic)(ctx.db));
}

export interface RotatedSigningKey {
  kid: string;
  /** When it starts signing; until then the previous version keeps signing. */
  activatesAt: Date;
  /** The version that keeps signing until then; null for a purpose's first version, which signs at once. */
  signingUntilThen: string | null;
}

/**
 * Adds a new version. It is in every JWKS at once (the notice drops every copy's cached set) and
 * signs from `activatesAt` = now + activateInSeconds (default DEFAULT_ACTIVATION_DELAY_SECONDS).
 * A shorter delay is for emergencies and tests: a client holding a JWKS fetched before the
 * rotation does not know the new kid until its copy expires.
 */
export async function rotateSigningKey(
  ctx: { db: Tx },
  purpose: SigningKeyPurpose,
  options: { activateInSeconds?: number } = {},
): Promise<RotatedSigningKey> {
  const delay = options.activateInSeconds ?? DEFAULT_ACTIVATION_DELAY_SECONDS;
  if (!Number.isInteger(delay) || delay < 0 || delay > MAX_ACTIVATION_DELAY_SECONDS) {
    throw new DomainError('ValidationError', `The activation delay must be a whole number of seconds from 0 to ${MAX_ACTIVATION_DELAY_SECONDS}.`);
  }
  const now = new Date();
  const signing = await ctx.db.signingKey.findFirst({ where: { purpose, activatesAt: { lte: now } }, orderBy: { createdAt: 'desc' }, select: { kid: true } });
  const row = await createKey(ctx.db, purpose, signing ? new Date(now.getTime() + delay * 1000) : now);
  await publishInvalidation(ctx, SIGNING_KEY_TOPIC, purpose);
  return { kid: row.kid, activatesAt: row.activatesAt, signingUntilThen: signing?.kid ?? null };
}

/** Signing keys are generated on first start, so discovery documents never show an empty JWKS. */
export async function ensureSigningKeys(ctx: { db: Tx }): Promise<void> {
  await getActiveSigningKey(ctx, 'identity');
  await getActiveSigningKey(ctx, 'runtime');
}

// One imported key set per cached list (the list is replaced, never changed, when versions are added).
const localKeySets = new WeakMap<PublicJwk[], JWTVerifyGetKey>();

/**
 * jose's key resolver for tokens this service signed under `purpose`. A kid no cached version has
 * reloads the set, at most once a minute (made-up kids cost nothing more); a real new version
 * arrives sooner through its notice.
 */
export function localKeyResolver(ctx: { db: Tx }, purpose: SigningKeyPurpose): JWTVerifyGetKey {
  return async (header, token) => {
    let keys = await listPublicJwks(ctx, purpose);
    if (header.kid && !keys.some((key) => key.kid === header.kid)) keys = await reloadPublicJwksForUnknownKid(ctx, purpose);
    let keySet = localKeySets.get(keys);
    if (!keySet) localKeySets.set(keys, (keySet = createLocalJWKSet({ keys })));
    return keySet(header, token);
  };
}

/** Signing keys' private parts, for re-sealing under a new APP_SECRET (crypto/reseal-secrets.ts). */
export const sealedSigningKeys = defineSealedValues({
  name: 'signingKeys',
  label: 'signing keys',
  purpose: SIGNING_KEY_SEAL_PURPOSE,
  page: async (db, after, limit) =>
    (await db.signingKey.findMany({ where: after ? { id: { gt: after } } : {}, select: { id: true, privateKeyCiphertext: true }, orderBy: { id: 'asc' }, take: limit })).map((key) => ({
      id: key.id,
      sealed: key.privateKeyCiphertext,
    })),
  replace: async (db, value, next) => (await db.signingKey.updateMany({ where: { id: value.id, privateKeyCiphertext: value.sealed }, data: { privateKeyCiphertext: next } })).count,
});
