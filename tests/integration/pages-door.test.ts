import crypto from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb } from '@/server/db';
import { resetEnvForTests } from '@/server/env';
import { LOOPBACK_CLIENT_HEADER } from '@/server/mail/outbox-access';
import { appRouter, createCaller } from '@/server/trpc/app-router';
import { createTrpcContext } from '@/server/trpc/init';
import { createSeller } from '../support/factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The pages' door (app/trpc-server.ts): server components, layouts and server actions call the same
// procedures as client components, through a server-side caller over the same context. These check
// the procedures the pages now read through, with the semantics the pages relied on.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

async function person(email = `${crypto.randomUUID()}@example.test`) {
  const account = await database.db.account.create({ data: { email } });
  return { accountId: account.id, email };
}

async function memberOf(sellerId: string, accountId: string, role: 'Owner' | 'Admin', createdAt = new Date()) {
  await database.db.sellerMember.create({ data: { sellerId, accountId, role, createdAt } });
}

const as = (session: { accountId: string; email: string } | null, extra: { outboxReadable?: boolean } = {}) => appRouter.createCaller({ db: database.db, session, ...extra });

/** The TRPCError a call ends with, and the ApiError Code behind it (what the pages branch on). */
async function refusal(call: Promise<unknown>): Promise<{ code: string; apiCode: string | null; details: { Field: string }[] }> {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TRPCError);
  const cause = (error as TRPCError).cause as { apiCode?: string; details?: { Field: string }[] } | undefined;
  return { code: (error as TRPCError).code, apiCode: cause?.apiCode ?? null, details: cause?.details ?? [] };
}

describe('one resolver of the session’s seller and role', () => {
  it('portal.me names the seller of the person’s oldest membership and their role there; the seller procedures act for that same seller', async () => {
    const older = await createSeller(database.db, { contactName: 'Older Store' });
    const newer = await createSeller(database.db, { contactName: 'Newer Store' });
    const me = await person();
    await memberOf(newer.id, me.accountId, 'Owner', new Date('2026-02-01T00:00:00Z'));
    await memberOf(older.id, me.accountId, 'Admin', new Date('2026-01-01T00:00:00Z'));

    const portal = await as(me).portal.me();
    expect(portal).toMatchObject({ accountId: me.accountId, email: me.email, role: 'Admin', seller: { id: older.id, issuerClientId: older.issuerClientId, displayName: 'Older Store' } });
    // The settings a seller procedure reads are that seller's, not the newer one's.
    expect((await as(me).portal.settings()).issuerClientId).toBe(older.issuerClientId);
  });

  it('without a session portal.me is null and a seller procedure is UNAUTHORIZED (no ApiError Code: the page sends the person to sign in)', async () => {
    expect(await as(null).portal.me()).toBeNull();
    expect(await refusal(as(null).portal.overview())).toMatchObject({ code: 'UNAUTHORIZED', apiCode: null });
  });

  it('a person who sells nothing has no seller, and every seller read is NotFound for them', async () => {
    const buyer = await person();
    expect(await as(buyer).portal.me()).toMatchObject({ seller: null, role: null });
    const reads = [() => as(buyer).portal.settings(), () => as(buyer).sellerOrders.list({}), () => as(buyer).sellerLicenses.detail({ licenseId: 'x' })];
    for (const read of reads) expect(await refusal(read())).toMatchObject({ code: 'NOT_FOUND', apiCode: 'NotFound' });
  });
});

describe('the store settings through the router (no page reads Prisma)', () => {
  it('a refused field comes back as a ValidationError naming it, which the settings form shows beside the field', async () => {
    const seller = await createSeller(database.db);
    const owner = await person();
    await memberOf(seller.id, owner.accountId, 'Owner');
    const refused = await refusal(as(owner).portal.changeIssuerClientId({ issuerClientId: 'No Spaces Allowed' }));
    expect(refused.apiCode).toBe('ValidationError');
    expect(refused.details.map((detail) => detail.Field)).toContain('IssuerClientId');
    expect((await database.db.seller.findUniqueOrThrow({ where: { id: seller.id } })).issuerClientId).toBe(seller.issuerClientId);
  });

  it('a changed storefront id is kept among the former ids the settings page lists, newest first, with the changes left', async () => {
    const seller = await createSeller(database.db);
    const owner = await person();
    await memberOf(seller.id, owner.accountId, 'Owner');
    const caller = as(owner);
    const before = await caller.portal.settings();
    await caller.portal.changeIssuerClientId({ issuerClientId: `renamed-${crypto.randomUUID().slice(0, 8)}` });
    const after = await caller.portal.settings();
    expect(after.formerIssuerClientIds).toEqual([seller.issuerClientId]);
    expect(after.issuerClientIdChangesLeft).toBe(before.issuerClientIdChangesLeft - 1);
  });

  it('a logo is taken as the uploaded file and recognised by its bytes; its versioned address appears in the settings', async () => {
    const seller = await createSeller(database.db);
    const owner = await person();
    await memberOf(seller.id, owner.accountId, 'Owner');
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])]);
    await as(owner).portal.setLogo({ logo: png });
    expect((await as(owner).portal.settings()).logoPath).toMatch(new RegExp(`^/marketplace/${seller.issuerClientId}/logo\\?v=`));
    const refused = await refusal(as(owner).portal.setLogo({ logo: new Blob(['<svg/>']) }));
    expect(refused).toMatchObject({ apiCode: 'ValidationError', details: [{ Field: 'Logo' }] });
  });
});

describe('the dev outbox through the router', () => {
  it('is read only when the request’s context allows it (the same DEV_OUTBOX rule as before), otherwise NotFound', async () => {
    expect(await refusal(as(null).devOutbox.list({ limit: 5 }))).toMatchObject({ apiCode: 'NotFound' });
    expect(await as(null, { outboxReadable: true }).devOutbox.list({ limit: 5 })).toBeInstanceOf(Array);
  });

  it('the context decides it from the request’s headers, for the HTTP route and the pages’ caller alike', async () => {
    const previous = { ...process.env };
    Object.assign(process.env, { DEV_OUTBOX: 'local', DATABASE_URL: database.url, APP_SECRET: process.env.APP_SECRET ?? 'x'.repeat(32) });
    resetEnvForTests();
    try {
      expect(createTrpcContext({ session: null, headers: new Headers({ [LOOPBACK_CLIENT_HEADER]: '1' }) }).outboxReadable).toBe(true);
      expect(createTrpcContext({ session: null, headers: new Headers() }).outboxReadable).toBe(false);
      expect(createTrpcContext({ session: null }).outboxReadable).toBe(false);
    } finally {
      await closeDb();
      for (const name of ['DEV_OUTBOX', 'DATABASE_URL', 'APP_SECRET'] as const) {
        if (previous[name] === undefined) delete process.env[name];
        else process.env[name] = previous[name];
      }
      resetEnvForTests();
    }
  });
});

describe('the server-side caller', () => {
  it('makes its context lazily, once per call, like the pages’ cached request context', async () => {
    let made = 0;
    const caller = createCaller(() => {
      made += 1;
      return { db: database.db, session: null };
    });
    expect(await caller.portal.me()).toBeNull();
    expect(made).toBe(1);
  });
});

describe('the CSV downloads through the router', () => {
  it('the server-side caller gets the rows as a stream; over HTTP there is no such procedure (NotFound), since a stream cannot travel there', async () => {
    const seller = await createSeller(database.db);
    const me = await person();
    await memberOf(seller.id, me.accountId, 'Owner');
    const server = appRouter.createCaller({ db: database.db, session: me, transport: 'server' });
    const csv = await new Response(await server.sellerOrders.exportCsv({})).text();
    expect(csv).toContain('Order id,Created (UTC)');
    // One call at a time: a refusal made before it is awaited would be an unhandled rejection.
    for (const call of [() => as(me).sellerOrders.exportCsv({}), () => as(me).sellerCustomers.exportCsv({})]) {
      expect(await refusal(call())).toMatchObject({ code: 'NOT_FOUND', apiCode: 'NotFound' });
    }
  });
});
