import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '@/server/env';
import { canReadOutbox, LOOPBACK_CLIENT_HEADER } from '@/server/mail/outbox-access';

const saved = process.env.DEV_OUTBOX;
function withMode(mode: string) {
  Object.assign(process.env, { DEV_OUTBOX: mode, DATABASE_URL: process.env.DATABASE_URL ?? 'postgresql://unused', APP_SECRET: process.env.APP_SECRET ?? 'x'.repeat(32) });
  resetEnvForTests();
}
afterEach(() => {
  if (saved === undefined) delete process.env.DEV_OUTBOX;
  else process.env.DEV_OUTBOX = saved;
  resetEnvForTests();
});

const from = (loopback: boolean) => new Headers({ [LOOPBACK_CLIENT_HEADER]: loopback ? '1' : '0' });

describe('dev outbox access (it shows live sign-in codes)', () => {
  it('local: only browsers on this machine', () => {
    withMode('local');
    expect(canReadOutbox(from(true))).toBe(true);
    expect(canReadOutbox(from(false))).toBe(false);
    expect(canReadOutbox(new Headers())).toBe(false);
  });

  it('local: a client whose loopback header says 0 is refused, whatever else its request claims', () => {
    withMode('local');
    const claims = new Headers({ [LOOPBACK_CLIENT_HEADER]: '0', 'x-forwarded-for': '127.0.0.1', host: 'localhost', 'x-real-ip': '::1' });
    expect(canReadOutbox(claims)).toBe(false);
    // Only the entry server's exact '1' counts.
    for (const value of ['true', '1,1', 'yes', '01']) expect(canReadOutbox(new Headers({ [LOOPBACK_CLIENT_HEADER]: value }))).toBe(false);
  });

  it('true: anyone; false: no one', () => {
    withMode('true');
    expect(canReadOutbox(from(false))).toBe(true);
    withMode('false');
    expect(canReadOutbox(from(true))).toBe(false);
  });
});
