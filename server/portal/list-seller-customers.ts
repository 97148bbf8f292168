import { z } from 'zod';
import type { Db } from '../db';

export const CUSTOMERS_PER_PAGE = 25;

export const sellerCustomersQuerySchema = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type SellerCustomersQuery = z.input<typeof sellerCustomersQuerySchema>;

export interface SellerCustomer {
  email: string;
  licenses: number;
  activeLicenses: number;
  firstLicenseAt: Date;
}

/** The buyers holding the seller's licenses, the newest customers first, 25 a page; `q` matches the e-mail. */
export async function listSellerCustomers(
  ctx: { db: Db },
  input: SellerCustomersQuery & { sellerId: string },
): Promise<{ rows: SellerCustomer[]; total: number; page: number; pages: number }> {
  const query = sellerCustomersQuerySchema.parse(input);
  const pattern = query.q ? `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : '%';
  const [counted] = await ctx.db.$queryRaw<{ total: bigint }[]>`
    SELECT count(DISTINCT l."buyerAccountId") AS "total" FROM "License" l JOIN "Account" a ON a."id" = l."buyerAccountId"
    WHERE l."sellerId" = ${input.sellerId} AND a."email" ILIKE ${pattern}`;
  const rows = await ctx.db.$queryRaw<{ email: string; licenses: bigint; activeLicenses: bigint; firstLicenseAt: Date }[]>`
    SELECT a."email", count(*) AS "licenses", count(*) FILTER (WHERE l."status" = 'Active') AS "activeLicenses", min(l."createdAt") AS "firstLicenseAt"
    FROM "License" l JOIN "Account" a ON a."id" = l."buyerAccountId"
    WHERE l."sellerId" = ${input.sellerId} AND a."email" ILIKE ${pattern}
    GROUP BY a."id", a."email"
    ORDER BY min(l."createdAt") DESC, a."id"
    LIMIT ${CUSTOMERS_PER_PAGE} OFFSET ${(query.page - 1) * CUSTOMERS_PER_PAGE}`;
  const total = Number(counted?.total ?? 0);
  return {
    rows: rows.map((row) => ({ email: row.email, licenses: Number(row.licenses), activeLicenses: Number(row.activeLicenses), firstLicenseAt: row.firstLicenseAt })),
    total,
    page: query.page,
    pages: Math.max(1, Math.ceil(total / CUSTOMERS_PER_PAGE)),
  };
}
