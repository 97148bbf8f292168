import { hotRows, type Db } from '../db';
import { InvalidatedCache } from '../platform/invalidation/invalidated-cache';
import { BatchLoader } from '../platform/cache/batch-loader';
import { CURRENT_WINDOWS, rememberSeatWindows, SEAT_WINDOWS_JSON, type WindowRow } from '../consumption/allowance';
import type { FeatureEntitlement, LicenseState } from '../licensing/license-state';
import { LICENSE_CODE_TOPIC, LICENSE_STATUS_TOPIC, SEAT_TOPIC } from '../licensing/licensing-topics';

// The hot reads of the runtime paths (DESIGN.md "Speed of the runtime paths"): a license code's
// state, a seat's, a license's status and entitlements, each cached in process and dropped on every
// instance when a writer publishes its topic (revoke: `license-code`, retire: `seat`, status change:
// `license-status`), so a change is refused at the next call everywhere within about a second.
// The lifetime only bounds what a lost notice leaves behind (a listener that reconnects drops every
// entry anyway). It outlives a seat's refresh interval (half the authorization's ten minutes):
// with a shorter one nearly every call of a running seat would read PostgreSQL.

const RUNTIME_CACHE_MS = 10 * 60_000;
const RUNTIME_CACHE_ENTRIES = 100_000;

export interface CredentialState {
  licenseId: string;
  seatId: string;
  revoked: boolean;
}

export interface SeatState {
  licenseId: string;
  retired: boolean;
}

const credentials = new InvalidatedCache<CredentialState>({ topic: LICENSE_CODE_TOPIC, ttlMs: RUNTIME_CACHE_MS, maxEntries: RUNTIME_CACHE_ENTRIES });
const seats = new InvalidatedCache<SeatState>({ topic: SEAT_TOPIC, ttlMs: RUNTIME_CACHE_MS, maxEntries: RUNTIME_CACHE_ENTRIES });
const licenses = new InvalidatedCache<LicenseState>({ topic: LICENSE_STATUS_TOPIC, ttlMs: RUNTIME_CACHE_MS, maxEntries: RUNTIME_CACHE_ENTRIES });

/** One row of the hot statement: the credential and seat, the license's state, the seat's windows. */
interface RuntimeRow extends Omit<LicenseState, 'features'> {
  credentialId: string;
  licenseId: string;
  seatId: string;
  revoked: boolean;
  retired: boolean;
  features: FeatureEntitlement[] | null;
  windows: WindowRow[] | null;
}

/**
 * License codes not in the cache ($1: their ids): each with its seat, its license with its
 * entitlements and the seat's recent allowance windows, in one statement (the runtime paths' cold
 * read), filling the caches at once.
 */
const LOAD_CREDENTIALS = `
  SELECT c."id" AS "credentialId", c."licenseId", c."seatId", c."revokedAt" IS NOT NULL AS "revoked", s."retiredAt" IS NOT NULL AS "retired",
         l."sellerId", l."status"::text AS "status", l."statusReason", l."classification", l."termStart" AT TIME ZONE 'UTC' AS "termStart",
         l."termEnd" AT TIME ZONE 'UTC' AS "termEnd", l."maxDevices", l."deviceMode"::text AS "deviceMode", l."maxOfflineDays",
         (SELECT json_agg(json_build_object('key', f."key", 'accessLevel', f."accessLevel", 'rateLimit', f."rateLimit",
                                            'allowance', f."allowance", 'allowancePeriodUnit', f."allowancePeriodUnit", 'rate', f."rate"::text)
                          ORDER BY f."key")
            FROM "LicenseFeature" f WHERE f."licenseId" = l."id") AS "features",
         (SELECT ${SEAT_WINDOWS_JSON} FROM "AllowanceWindow" w WHERE w."seatId" = c."seatId" AND ${CURRENT_WINDOWS}) AS "windows"
  FROM "LicenseCode" c JOIN "Seat" s ON s."id" = c."seatId" JOIN "License" l ON l."id" = c."licenseId"
  WHERE c."id" = ANY($1::text[])`;

async function loadCredentials(client: Db, credentialIds: string[]): Promise<Map<string, CredentialState>> {
  const rows = await hotRows<RuntimeRow>(client, { name: 'runtime-load-credentials', text: LOAD_CREDENTIALS, values: [credentialIds] });
  const found = new Map<string, CredentialState>();
  for (const row of rows) {
    seats.set(row.seatId, { licenseId: row.licenseId, retired: row.retired });
    licenses.set(row.licenseId, {
      sellerId: row.sellerId,
      status: row.status,
      statusReason: row.statusReason,
      classification: row.classification,
      termStart: row.termStart,
      termEnd: row.termEnd,
      features: row.features ?? [],
      maxDevices: row.maxDevices,
      deviceMode: row.deviceMode,
      maxOfflineDays: row.maxOfflineDays,
    });
    rememberSeatWindows(row.seatId, row.windows ?? []);
    found.set(row.credentialId, { licenseId: row.licenseId, seatId: row.seatId, revoked: row.revoked });
  }
  return found;
}

// One loader per database client (tests run services on clients of their own).
const credentialLoaders = new WeakMap<Db, BatchLoader<CredentialState>>();
function credentialLoader(client: Db): BatchLoader<CredentialState> {
  let loader = credentialLoaders.get(client);
  if (!loader) credentialLoaders.set(client, (loader = new BatchLoader((ids) => loadCredentials(client, ids))));
  return loader;
}

export async function credentialState(ctx: { db: Db }, credentialId: string): Promise<CredentialState | null> {
  const entry = await credentials.getOrLoad(credentialId, () => credentialLoader(ctx.db).load(credentialId));
  return entry?.value ?? null;
}

export async function seatState(ctx: { db: Db }, seatId: string): Promise<SeatState | null> {
  const entry = await seats.getOrLoad(seatId, async () => {
    const row = await ctx.db.seat.findUnique({ where: { id: seatId }, select: { licenseId: true, retiredAt: true } });
    return row ? { licenseId: row.licenseId, retired: row.retiredAt !== null } : null;
  });
  return entry?.value ?? null;
}

export async function licenseState(ctx: { db: Db }, licenseId: string): Promise<LicenseState | null> {
  const entry = await licenses.getOrLoad(licenseId, async () => {
    const row = await ctx.db.license.findUnique({
      where: { id: licenseId },
      select: {
        sellerId: true,
        status: true,
        statusReason: true,
        classification: true,
        termStart: true,
        termEnd: true,
        maxDevices: true,
        deviceMode: true,
        maxOfflineDays: true,
        features: { orderBy: { key: 'asc' }, select: { key: true, accessLevel: true, rateLimit: true, allowance: true, allowancePeriodUnit: true, rate: true } },
      },
    });
    if (!row) return null;
    return { ...row, features: row.features.map((feature) => ({ ...feature, rate: feature.rate.toString() })) };
  });
  return entry?.value ?? null;
}
