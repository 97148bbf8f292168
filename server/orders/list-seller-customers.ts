import { z } from 'zod';
import { Prisma } from '@/generated/prisma/client';
import type { Db } from '../db';
import { containingPattern } from '../sql/like-pattern';

const CUSTOMERS_PER_PAGE = 25;
const CUSTOMER_FILTERS = ['active', 'any'] as const;

export const sellerCustomersQuerySchema = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  /** `active`: only customers holding at least one Active license; `any` (the default): everyone who holds one of the seller's licenses. */
  holding: z.enum(CUSTOMER_FILTERS).catch('any').default('any'),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type SellerCustomersQuery = z.input<typeof sellerCustomersQuerySchema>;

export interface SellerCustomer {
  email: string;
  licenses: number;
  activeLicenses: number;
  firstLicenseAt: Date;
}

type CustomerRecord = { email: string; licenses: bigint; activeLicenses: bigint; firstLicenseAt: Date };

// One grouped statement for the page, the count and the export: a customer is a buyer account
// holding at least one of the seller's licenses; `q` matches the e-mail anywhere, any case.
function customersSql(sellerId: string, query: { q?: string; holding: 'active' | 'any' }): Prisma.Sql {
  const pattern = query.q ? containingPattern(query.q) : '%';
  return Prisma.sql`
    SELECT a."id", a."email", count(*) AS "licenses", count(*) FILTER (WHERE l."status" = 'Active') AS "activeLicenses", min(l."createdAt") AS "firstLicenseAt"
    FROM "License" l JOIN "Account" a ON a."id" = l."buyerAccountId"
    WHERE l."sellerId" = ${sellerId} AND a."email" ILIKE ${pattern}
    GROUP BY a."id", a."email"
    ${query.holding === 'active' ? Prisma.sql`HAVING count(*) FILTER (WHERE l."status" = 'Active') > 0` : Prisma.empty}`;
}

const toCustomer = (row: CustomerRecord): SellerCustomer => ({
  email: row.email,
  licenses: Number(row.licenses),
  activeLicenses: Number(row.activeLicenses),
  firstLicenseAt: row.firstLicenseAt,
});

/** The buyers holding the seller's licenses, the newest customers first, 25 a page. */
export async function listSellerCustomers(
  ctx: { db: Db },
  input: SellerCustomersQuery & { sellerId: string },
): Promise<{ rows: SellerCustomer[]; total: number; page: number; pages: number }> {
  const query = sellerCustomersQuerySchema.parse(input);
  const customers = customersSql(input.sellerId, query);
  const [counted] = await ctx.db.$queryRaw<{ total: bigint }[]>`SELECT count(*) AS "total" FROM (${customers}) c`;
  const rows = await ctx.db.$queryRaw<CustomerRecord[]>`
    SELECT * FROM (${customers}) c ORDER BY c."firstLicenseAt" DESC, c."id"
    LIMIT ${CUSTOMERS_PER_PAGE} OFFSET ${(query.page - 1) * CUSTOMERS_PER_PAGE}`;
  const total = Number(counted?.total ?? 0);
  return { rows: rows.map(toCustomer), total, page: query.page, pages: Math.max(1, Math.ceil(total / CUSTOMERS_PER_PAGE)) };
}

const EXPORT_BATCH = 500;

/** Every customer matching the filter, newest first, read in batches for an export. */
export async function* iterateSellerCustomers(ctx: { db: Db }, input: Omit<SellerCustomersQuery, 'page'> & { sellerId: string }): AsyncGenerator<SellerCustomer> {
  const query = sellerCustomersQuerySchema.parse(input);
  const customers = customersSql(input.sellerId, query);
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const batch = await ctx.db.$queryRaw<CustomerRecord[]>`
      SELECT * FROM (${customers}) c ORDER BY c."firstLicenseAt" DESC, c."id" LIMIT ${EXPORT_BATCH} OFFSET ${offset}`;
    for (const row of batch) yield toCustomer(row);
    if (batch.length < EXPORT_BATCH) return;
  }
}
