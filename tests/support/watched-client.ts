import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery } from '@prisma/driver-adapter-utils';
import { PrismaClient } from '../../generated/prisma/client';

/** Runs before each statement with its SQL: throw to fail the statement, wait to hold it. */
type BeforeStatement = (sql: string) => void | Promise<void>;

/**
 * A client of the test database whose statements a test can watch, hold or fail before they reach
 * PostgreSQL: the hook sits in the driver adapter, so the client keeps the service's own type (a
 * query extension would change it). It sees the statements run outside transactions. The test
 * disconnects it (it has its own pool).
 */
export function watchedClient(url: string, before: BeforeStatement): PrismaClient {
  const driver = new PrismaPg({ connectionString: url, max: 4 });
  const watching: SqlDriverAdapterFactory = {
    provider: driver.provider,
    adapterName: driver.adapterName,
    connect: async () => watch(await driver.connect(), before),
  };
  return new PrismaClient({ adapter: watching });
}

function watch(adapter: SqlDriverAdapter, before: BeforeStatement): SqlDriverAdapter {
  return new Proxy(adapter, {
    get(target, property) {
      if (property === 'queryRaw' || property === 'executeRaw') {
        return async (query: SqlQuery) => {
          await before(query.sql);
          return target[property](query);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Whether `sql` reads or writes the table of `model` (Prisma quotes table names). */
export const touches = (sql: string, model: string) => sql.includes(`"${model}"`);
