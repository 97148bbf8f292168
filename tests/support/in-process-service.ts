import crypto from 'node:crypto';
import { resetEnvForTests } from '@/server/env';
import { restApp } from '@/server/http/rest-app';
import { trustedHeadersOf } from '@/server/main-server';
import { startCore, stopCore } from '@/server/start-core';
import type { Service } from './sign-in';

/**
 * `baseUrl` is PUBLIC_BASE_URL (the issuer of its tokens, the base of its links; no socket listens
 * there); `fetch` goes to the REST app's `app.request()` as the entry server hands a request over.
 */
export interface InProcessService extends Service {
  stop: () => Promise<void>;
}

const BASE_URL = 'http://service.test';

/**
 * The service in the test's own process: the core started as the production entry starts it
 * (server/start-core.ts: signing keys, the demo seed, the invalidation listener, the job queue and
 * its worker) and the REST app answering through `app.request()`, with no process and no port. For
 * endpoint behaviour (status, Code, headers, the database afterwards); a test where the process or
 * the socket is the point (start, stop, crash, several instances, the entry server, the pages)
 * starts the production entry instead (`startTestServer`). The configuration is this process's
 * environment: `env` is set there, over a fresh APP_SECRET, for the rest of the file.
 */
export async function startInProcessService(options: { databaseUrl: string; env?: Record<string, string | undefined> }): Promise<InProcessService> {
  const settings: Record<string, string | undefined> = {
    DATABASE_URL: options.databaseUrl,
    PUBLIC_BASE_URL: BASE_URL,
    APP_SECRET: crypto.randomBytes(32).toString('base64url'),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    REDIS_KEY_PREFIX: `svc-${crypto.randomBytes(4).toString('hex')}`,
    ...options.env,
  };
  for (const [name, value] of Object.entries(settings)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvForTests();
  await startCore();
  const baseUrl = process.env.PUBLIC_BASE_URL!;
  const trustProxy = Number(process.env.TRUST_PROXY ?? 0);
  return {
    baseUrl,
    fetch: async (input, init) => {
      const url = new URL(input, baseUrl);
      const headers = new Headers(init?.headers);
      // As the entry server hands a request over, from a loopback connection.
      for (const [name, value] of trustedHeadersOf('127.0.0.1', headers.get('x-forwarded-for') ?? undefined, trustProxy)) headers.set(name, value);
      return restApp.request(url.href, { ...init, headers });
    },
    stop: () =>
      stopCore({
        jobGraceMs: 2_000,
        bounded: async (_name, work) => void (await work()),
      }),
  };
}
