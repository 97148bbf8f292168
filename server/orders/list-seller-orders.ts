import { z } from 'zod';
import type { CheckoutStatus, Prisma } from '@/generated/prisma/client';
import type { Db } from '../db';
import { orderDiscountOf } from './order-terms';

export const ORDERS_PER_PAGE = 25;
export const ORDER_STATUSES = ['pending', 'completed', 'failed'] as const;

/** The portal's order list and its CSV export: search, a status filter, 1-based pages. */
export const sellerOrdersQuerySchema = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  status: z.enum(ORDER_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type SellerOrdersQuery = z.input<typeof sellerOrdersQuerySchema>;

/** Where the order came from: a buyer in a storefront or an app (purchase API), or the seller's backend (embedded). */
type OrderChannel = 'storefront or app' | 'seller backend';

export interface SellerOrderRow {
  id: string;
  createdAt: Date;
  completedAt: Date | null;
  /** The buyer account's e-mail, else the e-mail the checkout was opened for; null when neither is known. */
  customerEmail: string | null;
  productName: string;
  offeringName: string;
  seats: number;
  amountMinor: number;
  /** The discount code redeemed and what it took off the first payment (minor units); null without one. */
  discount: { code: string; amountMinor: number } | null;
  /** The tax in `amountMinor` (minor units) when the seller collected it; 0 otherwise. */
  taxMinor: number;
  /** Given back so far (Checkout.refundedMinor: refunds pending or done), minor units of `currency`; 0 when none. */
  refundedMinor: number;
  currency: string;
  status: CheckoutStatus;
  channel: OrderChannel;
  /** The seller's tenant: the correlation id of an embedded checkout. */
  tenantId: string | null;
  licenseId: string | null;
  processorSessionId: string | null;
}

export interface SellerOrderPage {
  rows: SellerOrderRow[];
  total: number;
  page: number;
  pages: number;
}

/** What every seller view of an order reads (the list, the export, the order page). */
export const sellerOrderInclude = {
  buyer: { select: { email: true } },
  offering: { select: { name: true, product: { select: { name: true } } } },
  license: { select: { id: true } },
} satisfies Prisma.CheckoutInclude;

type OrderRecord = Prisma.CheckoutGetPayload<{ include: typeof sellerOrderInclude }>;

// Newest first; the id breaks ties so pages never overlap.
const NEWEST_FIRST: Prisma.CheckoutOrderByWithRelationInput[] = [{ createdAt: 'desc' }, { id: 'desc' }];

/**
 * The seller's checkouts matching the filter. `q` matches the customer's e-mail (anywhere, any case),
 * the order id or the processor's session id (whole), or the tenant id of an embedded order (from its start).
 */
function sellerOrdersWhere(sellerId: string, filter: { q?: string; status?: CheckoutStatus }): Prisma.CheckoutWhereInput {
  const q = filter.q;
  return {
    sellerId,
    ...(filter.status ? { status: filter.status } : {}),
    ...(q
      ? {
          OR: [
            { buyer: { email: { contains: q, mode: 'insensitive' } } },
            { customerEmail: { contains: q, mode: 'insensitive' } },
            { id: q },
            { processorSessionId: q },
            { origin: 'embedded', correlationId: { startsWith: q } },
          ],
        }
      : {}),
  };
}

export function toSellerOrderRow(checkout: OrderRecord): SellerOrderRow {
  return {
    id: checkout.id,
    createdAt: checkout.createdAt,
    completedAt: checkout.completedAt,
    customerEmail: checkout.buyer?.email ?? checkout.customerEmail ?? null,
    productName: checkout.offering.product.name,
    offeringName: checkout.offering.name,
    seats: checkout.quantity,
    amountMinor: Number(checkout.amountMinor),
    discount: orderDiscountOf(checkout),
    taxMinor: Number(checkout.taxMinor),
    refundedMinor: Number(checkout.refundedMinor),
    currency: checkout.currency,
    status: checkout.status,
    channel: checkout.origin === 'embedded' ? 'seller backend' : 'storefront or app',
    tenantId: checkout.origin === 'embedded' ? checkout.correlationId : null,
    licenseId: checkout.license?.id ?? null,
    processorSessionId: checkout.processorSessionId,
  };
}

/** One page of the seller's orders (checkouts), newest first, 25 a page. */
export async function listSellerOrders(ctx: { db: Db }, input: SellerOrdersQuery & { sellerId: string }): Promise<SellerOrderPage> {
  const query = sellerOrdersQuerySchema.parse(input);
  const where = sellerOrdersWhere(input.sellerId, query);
  const [total, checkouts] = await Promise.all([
    ctx.db.checkout.count({ where }),
    ctx.db.checkout.findMany({ where, orderBy: NEWEST_FIRST, skip: (query.page - 1) * ORDERS_PER_PAGE, take: ORDERS_PER_PAGE, include: sellerOrderInclude }),
  ]);
  return { rows: checkouts.map(toSellerOrderRow), total, page: query.page, pages: Math.max(1, Math.ceil(total / ORDERS_PER_PAGE)) };
}

const EXPORT_BATCH = 500;

/** Every order matching the filter, newest first, read in batches so an export never holds them all. */
export async function* iterateSellerOrders(ctx: { db: Db }, input: Omit<SellerOrdersQuery, 'page'> & { sellerId: string }): AsyncGenerator<SellerOrderRow> {
  const query = sellerOrdersQuerySchema.parse(input);
  const where = sellerOrdersWhere(input.sellerId, query);
  let cursor: string | undefined;
  for (;;) {
    const batch = await ctx.db.checkout.findMany({
      where,
      orderBy: NEWEST_FIRST,
      take: EXPORT_BATCH,
      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
      include: sellerOrderInclude,
    });
    for (const checkout of batch) yield toSellerOrderRow(checkout);
    if (batch.length < EXPORT_BATCH) return;
    cursor = batch.at(-1)!.id;
  }
}
