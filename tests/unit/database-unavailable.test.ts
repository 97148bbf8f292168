import { describe, expect, it } from 'vitest';
import { normalizeError } from '@/server/wire/normalize-error';
import { isDatabaseUnavailable } from '@/server/platform/database/database-pool';

// What the pg driver and Prisma throw when the database cannot be reached or does not answer in time
// (shapes recorded from a real PostgreSQL behind a relay that was cut and stalled), against what a
// refused statement throws.
const unreachable = {
  'a statement with no answer (client read timeout)': new Error('Query read timeout'),
  'no connection within the connect timeout': new Error('Connection terminated due to connection timeout'),
  'no free pooled connection in time': new Error('timeout exceeded when trying to connect'),
  'the server cancelled at statement_timeout': Object.assign(new Error('Raw query failed. Code: `57014`'), {
    code: 'P2010',
    meta: { driverAdapterError: { name: 'DriverAdapterError', cause: { originalCode: '57014', kind: 'postgres' } } },
  }),
  'nothing listens at the address': Object.assign(new Error("Can't reach database server at 127.0.0.1:5432"), {
    code: 'P1001',
    meta: { driverAdapterError: { cause: { kind: 'DatabaseNotReachable', host: '127.0.0.1', port: 5432 } } },
  }),
  'a transaction could not start in time': Object.assign(new Error('Transaction API error: Unable to start a transaction in the given time.'), { code: 'P2028' }),
  'the connection was refused': Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
};
const refused = {
  'a unique violation': Object.assign(new Error('Unique constraint failed'), { code: 'P2002' }),
  'a check violation': Object.assign(new Error('violates check constraint'), { code: 'P2010', meta: { driverAdapterError: { cause: { originalCode: '23514' } } } }),
  'a programming error': new TypeError('Cannot read properties of undefined'),
};

describe('a database that cannot be reached answers 503, not 500', () => {
  it.each(Object.entries(unreachable))('%s is ServiceUnavailable with a retry-after', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    const { error: mapped, unexpected } = normalizeError(error);
    expect(mapped).toMatchObject({ code: 'ServiceUnavailable', status: 503, retryAfterSeconds: 5 });
    expect(unexpected).toBe(false);
  });

  it.each(Object.entries(refused))('%s stays what it was (not ServiceUnavailable)', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(normalizeError(error).error.code).toBe('ServerError');
  });
});
