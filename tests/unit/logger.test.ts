import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, runWithLogContext } from '@/server/platform/logging/logger';

/** A logger whose JSON lines land in an array instead of stdout. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        raw.push(line);
        lines.push(JSON.parse(line));
      }
      done();
    },
  });
  return { logger: createLogger(destination), lines, raw };
}

describe('logger', () => {
  it('writes JSON lines naming the service', () => {
    const { logger, lines } = capturedLogger();
    logger.info('started');
    expect(lines).toEqual([expect.objectContaining({ msg: 'started', service: 'licensing-service', level: 30 })]);
  });

  it('lines inside runWithLogContext carry its correlationId, across awaits; lines outside do not', async () => {
    const { logger, lines } = capturedLogger();
    logger.info('before');
    await runWithLogContext({ correlationId: 'corr-1' }, async () => {
      logger.info('inside');
      await new Promise((resolve) => setTimeout(resolve, 5));
      logger.child({ module: 'checkout' }).warn('inside, after an await, from a child');
    });
    logger.info('after');

    expect(lines.map((line) => [line.msg, line.correlationId])).toEqual([
      ['before', undefined],
      ['inside', 'corr-1'],
      ['inside, after an await, from a child', 'corr-1'],
      ['after', undefined],
    ]);
    expect(lines[0]).not.toHaveProperty('correlationId');
  });

  it('concurrent contexts do not see each other', async () => {
    const { logger, lines } = capturedLogger();
    let release!: () => void;
    const barrier = new Promise<void>((resolve) => (release = resolve));
    const first = runWithLogContext({ correlationId: 'a' }, async () => {
      await barrier;
      logger.info('from a');
    });
    const second = runWithLogContext({ correlationId: 'b' }, async () => {
      logger.info('from b');
      release();
    });
    await Promise.all([first, second]);
    expect(lines.map((line) => [line.msg, line.correlationId])).toEqual([
      ['from b', 'b'],
      ['from a', 'a'],
    ]);
  });

  it('never writes a secret at the redacted keys, at the top or nested', () => {
    const { logger, raw, lines } = capturedLogger();
    const secrets = {
      authorization: 'Bearer s-authorization',
      cookie: 's-cookie',
      'dub-apikey': 's-dub-apikey',
      'set-cookie': 's-set-cookie',
      password: 's-password',
      secret: 's-secret',
      token: 's-token',
      code: 's-code',
      apiKey: 's-apiKey',
      refresh_token: 's-refresh_token',
      access_token: 's-access_token',
      continuation_token: 's-continuation_token',
      EncodedCredential: 's-EncodedCredential',
    };
    logger.info(secrets, 'top level');
    logger.info({ req: { headers: secrets } }, 'depth two');
    logger.info({ a: { b: { c: { d: secrets } } } }, 'depth four');
    logger.info({ items: [secrets] }, 'in an array');
    const err = Object.assign(new Error('request failed'), { response: { headers: { 'set-cookie': 's-set-cookie', authorization: 'Bearer s-authorization' } } });
    logger.error({ err }, 'an error with headers');

    const output = raw.join('\n');
    expect(output).not.toMatch(/s-[A-Za-z_-]+/);
    expect(lines[0]).toMatchObject({ token: '[redacted]', 'dub-apikey': '[redacted]', EncodedCredential: '[redacted]' });
    expect(lines[1]).toMatchObject({ req: { headers: { authorization: '[redacted]', cookie: '[redacted]' } } });
    // An error is written as its type, message, stack and code: what a library hung on it stays out.
    expect(lines[4]).toMatchObject({ msg: 'an error with headers', err: { type: 'Error', message: 'request failed' } });
    expect(lines[4]!.err).not.toHaveProperty('response');
  });

  it('keeps what is not secret', () => {
    const { logger, lines } = capturedLogger();
    logger.info({ sellerId: 'seller-1', route: '/purchase/:issuerClientId/offerings' }, 'ok');
    expect(lines[0]).toMatchObject({ sellerId: 'seller-1', route: '/purchase/:issuerClientId/offerings' });
  });
});
