import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, type Db } from '@/server/db';
import { resetEnvForTests } from '@/server/env';
import { recordEvent } from '@/server/events/record-event';
import { EVENTS_KEPT_DAYS, pruneEventsJob } from '@/server/events/list-events';
import { deliverDueWebhooks, DISABLE_AFTER_FAILING_MS, WEBHOOK_RETRY_SCHEDULE_SECONDS } from '@/server/events/webhooks/deliver-webhooks';
import type { WebhookPost, WebhookTransport } from '@/server/events/webhooks/send-webhook';
import { createWebhookEndpoint } from '@/server/events/webhooks/webhook-endpoints';
import { stopInvalidationListener } from '@/server/platform/invalidation/invalidation';
import { createSeller } from '../support/factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The delivery job on its own (no server): the resolver and the connect step are injected, so no
// socket is opened. Backoff, the five-day disabling with its e-mail, the SSRF check at send time,
// and a slow endpoint not holding up another seller's.

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  Object.assign(process.env, { DATABASE_URL: database.url, APP_SECRET: crypto.randomBytes(32).toString('base64url'), SMTP_URL: 'smtp://127.0.0.1:1', WEBHOOK_ALLOW_PRIVATE_URLS: 'false' });
  resetEnvForTests();
  db = database.db;
});

afterAll(async () => {
  await stopInvalidationListener();
  await closeDb();
  await database?.drop();
});

async function sellerWithEndpoint(url = 'https://hooks.example.com/in') {
  const seller = await createSeller(database.db);
  const account = await database.db.account.create({ data: { email: `owner-${crypto.randomUUID()}@example.com` } });
  await database.db.sellerMember.create({ data: { sellerId: seller.id, accountId: account.id, role: 'Owner' } });
  const endpoint = await createWebhookEndpoint({ db }, { sellerId: seller.id, url });
  return { seller, account, endpoint };
}

async function eventFor(sellerId: string) {
  return db.$transaction((tx) => recordEvent(tx, { sellerId, type: 'seat.retired', licenseId: null, data: { LicenseId: 'l', SeatId: 's' } }));
}

function transport(answer: (post: WebhookPost) => Promise<number> | number, addresses = ['93.184.216.34']): WebhookTransport & { posted: WebhookPost[] } {
  const posted: WebhookPost[] = [];
  return { posted, resolve: async () => addresses, post: async (post) => (posted.push(post), { status: await answer(post) }) };
}

describe('the deliver-webhooks job', () => {
  it('a failed attempt is retried after the schedule; an endpoint failing for five days is disabled and every member e-mailed', async () => {
    const { seller, account, endpoint } = await sellerWithEndpoint();
    await eventFor(seller.id);
    const t0 = new Date();
    const failing = transport(() => 500);
    expect(await deliverDueWebhooks({ db, now: () => t0, transport: failing })).toMatchObject({ retry: 1 });
    const delivery = await database.db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastStatus: 500, lastError: 'The endpoint answered 500.' });
    expect(delivery.nextAttemptAt.getTime() - t0.getTime()).toBeGreaterThanOrEqual(WEBHOOK_RETRY_SCHEDULE_SECONDS[0]! * 1000);
    expect((await database.db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).failingSince).toEqual(t0);

    const later = new Date(t0.getTime() + DISABLE_AFTER_FAILING_MS + 60_000);
    await deliverDueWebhooks({ db, now: () => later, transport: failing });
    const disabled = await database.db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(disabled.enabled).toBe(false);
    expect(disabled.disabledReason).toContain('The endpoint answered 500.');
    expect(await database.db.email.findMany({ where: { to: account.email }, select: { kind: true, subject: true } })).toEqual([{ kind: 'webhook-endpoint-disabled', subject: 'Webhooks to hooks.example.com were disabled' }]);

    // Disabled: nothing more is sent to it.
    const before = failing.posted.length;
    await eventFor(seller.id);
    await deliverDueWebhooks({ db, now: () => new Date(later.getTime() + 86_400_000), transport: failing });
    expect(failing.posted.length).toBe(before);
  });

  it('at send time a host resolving to a private address is refused without a connection, and the attempt says why', async () => {
    const { seller, endpoint } = await sellerWithEndpoint('https://rebinding.example.com/in');
    await eventFor(seller.id);
    const rebinding = transport(() => 204, ['10.0.0.7']);
    await deliverDueWebhooks({ db, transport: rebinding });
    expect(rebinding.posted).toEqual([]);
    const delivery = await database.db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
    expect(delivery.status).toBe('pending');
    expect(delivery.lastError).toContain('resolves to an address webhooks may not go to');
  });

  it("a slow endpoint does not hold up another seller's deliveries", async () => {
    const slow = await sellerWithEndpoint('https://slow.example.com/in');
    const fast = await sellerWithEndpoint('https://fast.example.com/in');
    for (let i = 0; i < 3; i++) await eventFor(slow.seller.id);
    await eventFor(fast.seller.id);
    const started = Date.now();
    const answeredAt = new Map<string, number>();
    const mixed = transport(async (post) => {
      if (post.url.hostname === 'slow.example.com') await new Promise((resolve) => setTimeout(resolve, 1500));
      answeredAt.set(post.url.hostname, Date.now() - started);
      return 204;
    });
    await deliverDueWebhooks({ db, transport: mixed });
    expect(answeredAt.get('fast.example.com')!).toBeLessThan(1000);
    // The slow endpoint's three went one after another (one in flight per endpoint).
    expect(mixed.posted.filter((post) => post.url.hostname === 'slow.example.com')).toHaveLength(3);
    console.log(`[webhooks] a slow endpoint (1.5 s per answer, 3 waiting) beside a fast one: the fast one answered ${answeredAt.get('fast.example.com')} ms after the run began`);
  });

  it('events are kept 30 days: the daily prune removes older ones with their deliveries', async () => {
    const { seller, endpoint } = await sellerWithEndpoint('https://prune.example.com/in');
    const old = await eventFor(seller.id);
    const recent = await eventFor(seller.id);
    await database.db.event.update({ where: { id: old.id }, data: { createdAt: new Date(Date.now() - (EVENTS_KEPT_DAYS + 1) * 86_400_000) } });
    await pruneEventsJob.handle({}, { db, attempt: 1, lastAttempt: true });
    expect(await database.db.event.findMany({ where: { sellerId: seller.id }, select: { id: true } })).toEqual([{ id: recent.id }]);
    expect(await database.db.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(1);
  });
});
