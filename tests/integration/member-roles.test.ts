import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SellerRole } from '@/generated/prisma/client';
import { LicenseClassification } from '@/server/catalog/catalog-enums';
import { closeDb } from '@/server/db';
import { resetEnvForTests } from '@/server/env';
import { stopInvalidationListener } from '@/server/platform/invalidation/invalidation';
import { MEMBER_PERMISSIONS, MEMBER_PERMISSION_NAMES, SELLER_ROLES, roleMay, roleRefusal, type MemberPermission } from '@/server/sellers/members/member-permissions';
import { appRouter } from '@/server/trpc/app-router';
import { createOffering, createProduct, createSeller } from '../support/factories';
import { createOrder } from '../support/order-factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The README's "Roles" table, walked: every seller procedure names a permission, the table lists
// each permission with its procedures and roles exactly as the code holds them, every role × every
// seller procedure is allowed or refused (403 FORBIDDEN, RoleForbidden, the sentence naming who may)
// as the table says, and a refused call changes nothing in the database.

let database: TestDatabase;
let sellerId: string;
const members = {} as Record<SellerRole, { accountId: string; email: string }>;
let offeringId: string;
let productId: string;
let licenseId: string;
let orderId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  // Some changes signal after their commit through the process's own client (a license's status change).
  Object.assign(process.env, { DATABASE_URL: database.url, APP_SECRET: crypto.randomBytes(32).toString('base64url') });
  resetEnvForTests();
  const seller = await createSeller(database.db, { legalName: 'Roles Store Ltd' });
  sellerId = seller.id;
  for (const role of SELLER_ROLES) {
    const account = await database.db.account.create({ data: { email: `${role.toLowerCase()}@roles.example.com` } });
    await database.db.sellerMember.create({ data: { sellerId, accountId: account.id, role } });
    members[role] = { accountId: account.id, email: account.email };
  }
  const product = await createProduct(database.db, sellerId);
  productId = product.id;
  const offering = await createOffering(database.db, product, { classification: LicenseClassification.Perpetual, priceMinor: 4900 });
  offeringId = offering.id;
  const order = await createOrder(database.db, offering, { amountMinor: 4900, buyerEmail: 'buyer@roles.example.com', withLicense: true });
  orderId = order.checkout.id;
  licenseId = order.license!.id;
}, 120_000);

afterAll(async () => {
  await stopInvalidationListener();
  await closeDb();
  await database?.drop();
});

type Procedures = Record<string, { _def: { type: 'query' | 'mutation' | 'subscription'; meta?: { permission?: MemberPermission } } }>;
const procedures = (appRouter as unknown as { _def: { procedures: Procedures } })._def.procedures;
const sellerProcedures = Object.entries(procedures)
  .filter(([, procedure]) => procedure._def.meta?.permission)
  .map(([procedurePath, procedure]) => ({ path: procedurePath, type: procedure._def.type, permission: procedure._def.meta!.permission! }));

/** Each role's membership as it began: an allowed call with no input may have run (team.leave does). */
async function restoreMemberships() {
  for (const role of SELLER_ROLES) {
    await database.db.sellerMember.upsert({ where: { sellerId_accountId: { sellerId, accountId: members[role].accountId } }, create: { sellerId, accountId: members[role].accountId, role }, update: { role } });
  }
}

async function call(role: SellerRole, procedure: { path: string; type: string }, input: unknown = {}) {
  const url = `http://test/api/trpc/${procedure.path}`;
  const request =
    procedure.type === 'query'
      ? new Request(`${url}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`)
      : new Request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ json: input }) });
  const response = await fetchRequestHandler({
    endpoint: '/api/trpc',
    router: appRouter,
    req: request,
    createContext: async () => ({ db: database.db, session: members[role] }),
  });
  const body = (await response.json()) as { error?: { json: { message: string; data: { code: string; apiCode: string | null } } } };
  return { status: response.status, error: body.error?.json };
}

/** Every row of every table, hashed: equal before and after means nothing changed. */
async function databaseFingerprint(): Promise<Record<string, string>> {
  const tables = await database.db.$queryRaw<{ name: string }[]>`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`;
  const fingerprint: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await database.db.$queryRawUnsafe<{ digest: string | null }[]>(`select md5(string_agg(t::text, '|' order by t::text)) as digest from "${name}" t`);
    fingerprint[name] = row!.digest ?? '';
  }
  return fingerprint;
}

/** The README's Roles table: permission → its procedures and the roles marked ✓. */
function readmeRolesTable(): Map<string, { procedures: string[]; roles: SellerRole[] }> {
  const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');
  const start = readme.indexOf('### Roles');
  const section = readme.slice(start, readme.indexOf('\n## ', start));
  const lines = section.split('\n').filter((line) => line.startsWith('| `'));
  const table = new Map<string, { procedures: string[]; roles: SellerRole[] }>();
  for (const line of lines) {
    const cells = line.split('|').slice(1, -1).map((cell) => cell.trim());
    const permission = /`([^`]+)`/.exec(cells[0]!)![1]!;
    const procedureNames = [...cells[2]!.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
    const roles = SELLER_ROLES.filter((_, index) => cells[3 + index] === '✓');
    table.set(permission, { procedures: procedureNames.sort(), roles });
  }
  return table;
}

describe('member roles', () => {
  it('every seller procedure names a permission of the table, and the README lists each permission with its procedures and roles as the code holds them', () => {
    expect(sellerProcedures.length).toBeGreaterThan(50);
    const table = readmeRolesTable();
    expect([...table.keys()].sort()).toEqual([...MEMBER_PERMISSION_NAMES].sort());
    for (const permission of MEMBER_PERMISSION_NAMES) {
      const expected = sellerProcedures.filter((procedure) => procedure.permission === permission).map((procedure) => procedure.path).sort();
      expect({ permission, ...table.get(permission) }).toEqual({ permission, procedures: expected, roles: [...MEMBER_PERMISSIONS[permission].roles] });
    }
  });

  it('each role × each seller procedure is allowed or refused as the table says; a refusal is 403 FORBIDDEN RoleForbidden naming who may', async () => {
    for (const procedure of sellerProcedures) {
      for (const role of SELLER_ROLES) {
        await restoreMemberships();
        const answer = await call(role, procedure);
        if (roleMay(role, procedure.permission)) {
          expect({ procedure: procedure.path, role, apiCode: answer.error?.data.apiCode ?? null }).not.toMatchObject({ apiCode: 'RoleForbidden' });
        } else {
          expect({ procedure: procedure.path, role, status: answer.status, code: answer.error?.data.code, apiCode: answer.error?.data.apiCode, message: answer.error?.message }).toEqual({
            procedure: procedure.path,
            role,
            status: 403,
            code: 'FORBIDDEN',
            apiCode: 'RoleForbidden',
            message: roleRefusal(role, procedure.permission),
          });
        }
      }
    }
  });

  // Calls that would change the store if they ran: refused, the database is the same; allowed, they run.
  const changes: { path: string; input: () => unknown }[] = [
    { path: 'catalogAdmin.createProduct', input: () => ({ name: 'Made by a role' }) },
    { path: 'catalogAdmin.createOffering', input: () => ({ productId, name: 'Priced by a role', classification: LicenseClassification.Perpetual }) },
    { path: 'catalogAdmin.setOfferingListed', input: () => ({ offeringId, listed: false }) },
    { path: 'discounts.create', input: () => ({ code: `ROLE${Math.floor(Math.random() * 1e6)}`, kind: 'percent', percentOff: 10 }) },
    { path: 'apiKeys.create', input: () => ({ label: 'made by a role' }) },
    { path: 'portal.updateProfile', input: () => ({ storeName: 'Renamed by a role', contactName: 'Role', legalName: 'Roles Store Ltd' }) },
    { path: 'sellerLicenses.changeStatus', input: () => ({ requestId: crypto.randomUUID(), licenseId, change: 'suspend' }) },
    { path: 'sellerOrders.refund', input: () => ({ orderId, requestId: crypto.randomUUID(), amount: 1, license: 'keep' }) },
  ];

  it('a refused change changes nothing in the database; the same call by a role that may runs', async () => {
    await restoreMemberships();
    for (const change of changes) {
      const procedure = sellerProcedures.find((candidate) => candidate.path === change.path)!;
      expect(procedure, change.path).toBeDefined();
      for (const role of SELLER_ROLES.filter((candidate) => !roleMay(candidate, procedure.permission))) {
        const before = await databaseFingerprint();
        const answer = await call(role, procedure, change.input());
        expect({ path: change.path, role, status: answer.status }).toEqual({ path: change.path, role, status: 403 });
        expect(await databaseFingerprint()).toEqual(before);
      }
    }
    for (const change of changes.filter((candidate) => candidate.path !== 'sellerOrders.refund')) {
      const procedure = sellerProcedures.find((candidate) => candidate.path === change.path)!;
      const allowed = MEMBER_PERMISSIONS[procedure.permission].roles.at(-1)!;
      const answer = await call(allowed, procedure, change.input());
      expect({ path: change.path, role: allowed, status: answer.status, error: answer.error?.message }).toEqual({ path: change.path, role: allowed, status: 200, error: undefined });
    }
  });
});
