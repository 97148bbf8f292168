import { Prisma } from '@/generated/prisma/client';
import type { Tx } from '../db';

/**
 * A table of running sums: one row per key, and columns that only ever grow by addition (the
 * usage rollups per day, the sellers' usage totals). Names and SQL types are the table's own.
 */
export interface RunningSumsTable<Key extends string, Sum extends string> {
  table: string;
  keys: Record<Key, 'text' | 'date'>;
  sums: Record<Sum, 'bigint' | 'numeric'>;
}

type Summand = bigint | Prisma.Decimal;

/**
 * Adds the rows to the table in the caller's transaction, as one statement: rows of one key are
 * summed first, and the keys are written in order, so two writers (instances) never lock the same
 * rows in opposite orders.
 */
export async function addToRunningSums<Key extends string, Sum extends string>(
  tx: Tx,
  target: RunningSumsTable<Key, Sum>,
  rows: readonly (Record<Key, string> & Record<Sum, Summand>)[],
): Promise<void> {
  if (rows.length === 0) return;
  const keys = Object.keys(target.keys) as Key[];
  const sums = Object.keys(target.sums) as Sum[];
  const byKey = new Map<string, Record<string, string | Summand>>();
  for (const row of rows) {
    const key = keys.map((column) => row[column]).join('\u0000');
    const total = byKey.get(key);
    if (!total) byKey.set(key, { ...row });
    else for (const column of sums) total[column] = add(total[column] as Summand, row[column]);
  }
  const ordered = [...byKey.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, total]) => Object.fromEntries([...keys, ...sums].map((column) => [column, total[column]!.toString()])));
  const columns = [...keys, ...sums].map((column) => `"${column}"`).join(', ');
  const types = [...keys.map((column) => `"${column}" ${target.keys[column]}`), ...sums.map((column) => `"${column}" ${target.sums[column]}`)].join(', ');
  const conflict = keys.map((column) => `"${column}"`).join(', ');
  const additions = sums.map((column) => `"${column}" = "${target.table}"."${column}" + EXCLUDED."${column}"`).join(', ');
  await tx.$executeRaw`
    INSERT INTO ${Prisma.raw(`"${target.table}" (${columns})`)}
    SELECT ${Prisma.raw(columns)} FROM jsonb_to_recordset(${JSON.stringify(ordered)}::jsonb) AS ${Prisma.raw(`r(${types})`)}
    ON CONFLICT ${Prisma.raw(`(${conflict}) DO UPDATE SET ${additions}`)}`;
}

function add(a: Summand, b: Summand): Summand {
  return typeof a === 'bigint' ? a + (b as bigint) : a.add(b as Prisma.Decimal);
}
