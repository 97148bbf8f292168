import { z } from 'zod';
import type { LicenseStatus, Prisma } from '@/generated/prisma/client';
import type { Db } from '../../db';
import { licenseStatusSchema } from './license-view.schema';

export const LICENSES_PER_PAGE = 25;

/** The portal's license list: search by tenant id or customer e-mail, a status filter, 1-based pages. */
export const sellerLicensesQuerySchema = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  status: licenseStatusSchema.optional().catch(undefined),
  /** `stripe`: only licenses that need a look at Stripe (a change it did not take, or a difference reconciliation found). */
  attention: z.literal('stripe').optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type SellerLicensesQuery = z.input<typeof sellerLicensesQuerySchema>;

interface SellerLicenseRow {
  id: string;
  offeringName: string;
  productName: string;
  status: LicenseStatus;
  tenantId: string | null;
  customerEmail: string | null;
  liveSeats: number;
  createdAt: Date;
  /** A change Stripe did not take (given up after its retries), or a difference the hourly comparison found. */
  needsStripeAttention: boolean;
}

export interface SellerLicensePage {
  rows: SellerLicenseRow[];
  total: number;
  page: number;
  pages: number;
  /** The seller's licenses that need a look at Stripe, whatever the filter. */
  needingStripeAttention: number;
}

const NEEDS_STRIPE_ATTENTION: Prisma.LicenseWhereInput = { OR: [{ processorMismatch: { not: null } }, { processorCalls: { some: { status: 'attention' } } }] };

/**
 * The seller's licenses, newest first, 25 a page. `q` matches the tenant id (from its start) or
 * the customer's e-mail (anywhere, any case).
 */
export async function listSellerLicenses(ctx: { db: Db }, input: SellerLicensesQuery & { sellerId: string }): Promise<SellerLicensePage> {
  const query = sellerLicensesQuerySchema.parse(input);
  const where: Prisma.LicenseWhereInput = {
    sellerId: input.sellerId,
    ...(query.status ? { status: query.status } : {}),
    AND: [
      query.q ? { OR: [{ tenantId: { startsWith: query.q } }, { buyer: { email: { contains: query.q, mode: 'insensitive' } } }] } : {},
      query.attention ? NEEDS_STRIPE_ATTENTION : {},
    ],
  };
  const [total, needingStripeAttention, licenses] = await Promise.all([
    ctx.db.license.count({ where }),
    ctx.db.license.count({ where: { sellerId: input.sellerId, ...NEEDS_STRIPE_ATTENTION } }),
    ctx.db.license.findMany({
      where,
      orderBy: { id: 'desc' },
      skip: (query.page - 1) * LICENSES_PER_PAGE,
      take: LICENSES_PER_PAGE,
      include: {
        offering: { select: { name: true, product: { select: { name: true } } } },
        buyer: { select: { email: true } },
        _count: { select: { seats: { where: { retiredAt: null } }, processorCalls: { where: { status: 'attention' } } } },
      },
    }),
  ]);
  return {
    rows: licenses.map((license) => ({
      id: license.id,
      offeringName: license.offering.name,
      productName: license.offering.product.name,
      status: license.status,
      tenantId: license.tenantId,
      customerEmail: license.buyer?.email ?? null,
      liveSeats: license._count.seats,
      createdAt: license.createdAt,
      needsStripeAttention: license.processorMismatch !== null || license._count.processorCalls > 0,
    })),
    total,
    needingStripeAttention,
    page: query.page,
    pages: Math.max(1, Math.ceil(total / LICENSES_PER_PAGE)),
  };
}
