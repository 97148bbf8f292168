import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withinTransaction, type Tx } from '@/server/db';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// server/db.ts: a step that needs a transaction (a limited e-mail's lock, a first signing key) joins
// the caller's when it is given a transaction's client, and opens its own on the whole client.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const transactionIdOf = async (client: Tx) => (await client.$queryRaw<{ id: string }[]>`select txid_current()::text as id`)[0]!.id;
const accountsNamed = (email: string) => database.db.account.count({ where: { email } });

describe('withinTransaction', () => {
  it('given a transaction, runs in it: the same transaction id, and the caller’s rollback undoes the step', async () => {
    const email = 'joined@example.com';
    const ids: string[] = [];
    const rolledBack = database.db.$transaction(async (tx) => {
      ids.push(await transactionIdOf(tx));
      ids.push(
        await withinTransaction(tx, async (joined) => {
          await joined.account.create({ data: { email } });
          return transactionIdOf(joined);
        }),
      );
      throw new Error('the caller fails after the step');
    });
    await expect(rolledBack).rejects.toThrow('the caller fails after the step');
    expect(ids[1]).toBe(ids[0]);
    expect(await accountsNamed(email)).toBe(0);
  });

  it('given the whole client, opens a transaction of its own: its statements share one id, and a failure undoes them all', async () => {
    const email = 'own@example.com';
    const ids: string[] = [];
    await expect(
      withinTransaction(database.db, async (tx) => {
        ids.push(await transactionIdOf(tx));
        await tx.account.create({ data: { email } });
        ids.push(await transactionIdOf(tx));
        throw new Error('fails after the write');
      }),
    ).rejects.toThrow('fails after the write');
    expect(ids[1]).toBe(ids[0]);
    expect(await accountsNamed(email)).toBe(0);
    await withinTransaction(database.db, (tx) => tx.account.create({ data: { email } }));
    expect(await accountsNamed(email)).toBe(1);
  });
});
