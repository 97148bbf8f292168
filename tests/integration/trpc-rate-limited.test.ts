import crypto from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '@/server/env';
import { DomainError } from '@/server/errors';
import { OAuthError } from '@/server/identity/oauth-error';
import { closeLimits, configureLimitsForTests, consumeLimit } from '@/server/platform/limits/limits';
import { appRouter } from '@/server/trpc/app-router';
import { createTrpcRouter, publicProcedure } from '@/server/trpc/init';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// A refusal reaches a tRPC caller (the portal's pages) as TOO_MANY_REQUESTS with the same ApiError
// Code a REST caller gets, RateLimited, whichever way the service raised it.

let database: TestDatabase;
const saved = { ...process.env };

beforeAll(async () => {
  database = await createTestDatabase();
  delete process.env.SMTP_URL; // codes go to the dev outbox
  delete process.env.REDIS_URL;
  delete process.env.TEST_LIMITS;
  Object.assign(process.env, { DATABASE_URL: database.url, APP_SECRET: crypto.randomBytes(32).toString('base64url') });
  resetEnvForTests();
  await closeLimits();
});

afterAll(async () => {
  configureLimitsForTests(null);
  await closeLimits();
  await database?.drop();
  process.env = saved;
  resetEnvForTests();
});

const router = createTrpcRouter({
  limited: publicProcedure.query(() => {
    throw new DomainError('RateLimited', 'Too many requests.', { retryAfterSeconds: 7 });
  }),
  metered: publicProcedure.mutation(async () => {
    await consumeLimit('consumption', 'trpc-test-license');
    return 'ok';
  }),
  slowDown: publicProcedure.mutation(() => {
    throw new OAuthError('slow_down', 'Too many codes were sent to this address.', 429);
  }),
  tooLarge: publicProcedure.mutation(() => {
    throw new DomainError('PayloadTooLarge', 'The request body is too large.');
  }),
});

async function trpcErrorOf(promise: Promise<unknown>): Promise<TRPCError & { cause: { apiCode?: string } }> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError & { cause: { apiCode?: string } };
}

describe('rate limit refusals over tRPC', () => {
  it('a RateLimited DomainError reaches the caller as TOO_MANY_REQUESTS with apiCode RateLimited', async () => {
    const caller = router.createCaller({ db: database.db, session: null });
    const error = await trpcErrorOf(caller.limited());
    expect(error.code).toBe('TOO_MANY_REQUESTS');
    expect(error.cause.apiCode).toBe('RateLimited');
    expect(error.message).toBe('Too many requests.');
  });

  it('over HTTP the page sees status 429 and apiCode RateLimited in the error data', async () => {
    const response = await fetchRequestHandler({
      endpoint: '/api/trpc',
      req: new Request('http://test/api/trpc/limited'),
      router,
      createContext: () => ({ db: database.db, session: null }),
    });
    expect(response.status).toBe(429);
    const body = (await response.json()) as { error: { json: { message: string; data: Record<string, unknown> } } };
    expect(body.error.json.message).toBe('Too many requests.');
    expect(body.error.json.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', httpStatus: 429, apiCode: 'RateLimited' });
  });

  it('a limit of the limits module refuses through a procedure the same way', async () => {
    configureLimitsForTests({ consumption: { points: 1, durationSeconds: 60 } });
    const caller = router.createCaller({ db: database.db, session: null });
    await expect(caller.metered()).resolves.toBe('ok');
    const error = await trpcErrorOf(caller.metered());
    expect(error.code).toBe('TOO_MANY_REQUESTS');
    expect(error.cause.apiCode).toBe('RateLimited');
    configureLimitsForTests(null);
  });

  it('the OAuth slow_down of the sign-in path becomes TOO_MANY_REQUESTS / RateLimited, and 413 PAYLOAD_TOO_LARGE', async () => {
    const caller = router.createCaller({ db: database.db, session: null });
    const slowDown = await trpcErrorOf(caller.slowDown());
    expect(slowDown.code).toBe('TOO_MANY_REQUESTS');
    expect(slowDown.cause.apiCode).toBe('RateLimited');
    const tooLarge = await trpcErrorOf(caller.tooLarge());
    expect(tooLarge.code).toBe('PAYLOAD_TOO_LARGE');
    expect(tooLarge.cause.apiCode).toBe('PayloadTooLarge');
  });

  it('the portal’s sixth sign-in code request for one address within the window is refused that way', async () => {
    const caller = appRouter.createCaller({ db: database.db, session: null });
    const email = `limits-${crypto.randomBytes(4).toString('hex')}@example.com`;
    for (let i = 0; i < 5; i++) await expect(caller.auth.requestSignInCode({ email })).resolves.toMatchObject({ sentTo: expect.any(String) });
    const error = await trpcErrorOf(caller.auth.requestSignInCode({ email }));
    expect(error.code).toBe('TOO_MANY_REQUESTS');
    expect(error.cause.apiCode).toBe('RateLimited');
    // Another address is not affected.
    await expect(caller.auth.requestSignInCode({ email: `other-${email}` })).resolves.toMatchObject({ sentTo: expect.any(String) });
  });
});
