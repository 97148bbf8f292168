/**
 * The PostgreSQL SQLSTATE behind an error thrown by Prisma through the pg driver adapter
 * (e.g. 23505 unique violation, 23514 check violation, SV001 last live seat), or undefined.
 */
export function sqlStateOf(error: unknown): string | undefined {
  const e = error as {
    code?: unknown;
    cause?: { originalCode?: string };
    meta?: { driverAdapterError?: { cause?: { originalCode?: string } } };
  } | null;
  if (!e || typeof e !== 'object') return undefined;
  const original = e.cause?.originalCode ?? e.meta?.driverAdapterError?.cause?.originalCode;
  if (original) return original;
  if (e.code === 'P2002') return '23505';
  return typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) ? e.code : undefined;
}
