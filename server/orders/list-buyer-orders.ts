import { storefrontName } from '../catalog/seller-profile';
import type { Db } from '../db';
import { clampedPage } from '../paging';
import { licenseLinksOf } from './get-buyer-receipt';
import { ORDER_FIELDS, ORDER_STATE_TEXT, orderStateOf, type OrderState } from './order-terms';

export const ORDERS_PAGE_SIZE = 25;

export interface BuyerOrderView {
  /** The checkout (session) id: the order number. */
  id: string;
  sellerName: string;
  offeringName: string;
  productName: string;
  quantity: number;
  /** What it charged, for pages that format in the reader's locale: integer minor units of `currency`. */
  amountMinor: number;
  /** Given back by refunds so far (minor units of `currency`); 0 when nothing was. */
  refundedMinor: number;
  currency: string;
  createdAt: Date;
  state: OrderState;
  stateText: string;
  /** The license page's anchor and where the order's codes are shown (see licenseLinksOf). */
  licenseHref: string | null;
  codeHref: string | null;
}

export interface BuyerOrdersPage {
  orders: BuyerOrderView[];
  /** 1-based; clamped to the last page. */
  page: number;
  pageCount: number;
  total: number;
}

/**
 * The buyer's order history: every checkout made by this account (Checkout.buyerAccountId), newest
 * first, ORDERS_PAGE_SIZE a page, whatever its outcome. Amounts are what each checkout charged, and
 * beside them what refunds gave back.
 */
export async function listBuyerOrders(ctx: { db: Db }, input: { buyerAccountId: string; page?: number }): Promise<BuyerOrdersPage> {
  const where = { buyerAccountId: input.buyerAccountId };
  const total = await ctx.db.checkout.count({ where });
  const { page, pageCount } = clampedPage(input.page, total, ORDERS_PAGE_SIZE);
  const rows = await ctx.db.checkout.findMany({
    where,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    skip: (page - 1) * ORDERS_PAGE_SIZE,
    take: ORDERS_PAGE_SIZE,
    select: {
      ...ORDER_FIELDS,
      seller: { select: { storeName: true, contactName: true, legalName: true } },
      offering: { select: { name: true, product: { select: { name: true } } } },
      license: { select: { id: true, buyerAccountId: true } },
      refundedMinor: true,
    },
  });
  const orders = rows.map((row) => {
    const state = orderStateOf(row);
    return {
      id: row.id,
      sellerName: storefrontName(row.seller),
      offeringName: row.offering.name,
      productName: row.offering.product.name,
      quantity: row.quantity,
      amountMinor: Number(row.amountMinor),
      refundedMinor: Number(row.refundedMinor),
      currency: row.currency,
      createdAt: row.createdAt,
      state,
      stateText: ORDER_STATE_TEXT[state],
      ...licenseLinksOf(row, input.buyerAccountId),
    };
  });
  return { orders, page, pageCount, total };
}
