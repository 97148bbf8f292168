import { z } from 'zod';
import { requestIdSchema } from '../../sdk/src/contract/fields';
import { describePrice } from '../catalog/describe-offering';
import { createUnlistedOfferingSchema, createProductSchema, setOfferingListedSchema } from '../catalog/manage/catalog-edit.schema';
import { createOffering } from '../catalog/manage/create-offering';
import { createProduct } from '../catalog/manage/create-product';
import { listSellerCatalog } from '../catalog/manage/list-seller-catalog';
import { sellerCatalogSchema, sellerOfferingSchema, sellerProductSchema, type SellerOffering } from '../catalog/manage/seller-catalog.schema';
import { setOfferingListed } from '../catalog/manage/set-offering-listed';
import { db, type Tx } from '../db';
import { runOnce } from '../licensing/management-request';
import { getSalesSummary, salesSummaryQuerySchema, salesSummarySchema } from '../orders/get-sales-summary';
import { defineTool } from './mcp-tool';

// The seller tools, for a request carrying the account API key (header dub-apiKey, as on the
// management API): the seller's own catalog and sales figures. Writes take a RequestId and run once
// per RequestId like the REST management writes (the same record: a RequestId used for another
// write or other inputs is 409 RequestIdMismatch). None reads or changes licenses, seats or codes.

const WRITE = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;

const withRequestId = { requestId: requestIdSchema.describe('A GUID you choose for this write: sending the same call again with it returns the first answer instead of writing twice.') };

/** A catalog write, once per RequestId of the seller. */
async function once<T>(sellerId: string, requestId: string, operation: string, input: object, perform: (tx: Tx) => Promise<T>): Promise<T> {
  return runOnce({ db: db() }, { sellerId, requestId, operation: `mcp.${operation}`, inputs: [input] }, perform);
}

const offeringLine = (offering: SellerOffering) =>
  `${offering.name} [offeringId ${offering.id}]: ${describePrice({ ...offering, licenseClassification: offering.classification, trialDays: offering.trialDays ?? undefined })}, ${offering.listed ? 'listed' : 'not listed'}`;

const listCatalogTool = defineTool({
  name: 'list_catalog',
  title: 'Your catalog',
  description: 'Every product and offering of your store, listed or not, in any status, with their features.',
  audience: 'seller',
  input: z.object({}),
  output: sellerCatalogSchema,
  annotations: READ_ONLY,
  run: async (_input, caller) => listSellerCatalog({ db: db() }, await caller.sellerId('catalog:read')),
  summarize: (catalog) =>
    catalog.products.length === 0
      ? 'Your catalog is empty.'
      : catalog.products.flatMap((product) => [`${product.name} [productId ${product.id}]`, ...product.offerings.map((offering) => `- ${offeringLine(offering)}`)]).join('\n'),
});

const createProductTool = defineTool({
  name: 'create_product',
  title: 'Create a product',
  description: 'Adds a product to your catalog. Offerings (what buyers pay for) are added to it with create_offering.',
  audience: 'seller',
  input: createProductSchema.extend(withRequestId),
  output: sellerProductSchema,
  annotations: WRITE,
  run: async ({ requestId, ...fields }, caller) => {
    const sellerId = await caller.sellerId('catalog:write');
    return once(sellerId, requestId, 'createProduct', fields, (tx) => createProduct({ db: tx }, { ...fields, sellerId }));
  },
  summarize: (product) => `Created product ${product.name} [productId ${product.id}].`,
});

const createOfferingTool = defineTool({
  name: 'create_offering',
  title: 'Create an offering',
  description:
    'Adds an offering to one of your products, not listed: buyers see it only after set_offering_listed. Classification 0 trial (a length, no price), 1 subscription (a price and an interval), 2 perpetual (a price or none, no interval). IntervalUnit 0 day, 1 week, 2 month, 3 year. BaseRate in major units (9.99); none for free. Prices (optional): one price per currency, at most 10, e.g. [{Currency: "usd", BaseRate: 9.99, IsDefault: true}, {Currency: "jpy", BaseRate: 1500}], each in the currency\'s own decimals (JPY none, KWD 3); the default is then BaseRate and Currency. Devices (optional): MaxDevices, how many devices one seat may run on at once (1-1000; null or left out: any number); DeviceMode "NodeLocked" (a device stays until deactivated; the default) or "Floating" (a device holds its place while the app checks in, and frees it when it stops); MaxOfflineDays, the longest offline license file in days (0-90, default 30; 0: no offline use). A license keeps the rules it was sold with.',
  audience: 'seller',
  input: createUnlistedOfferingSchema.extend(withRequestId),
  output: sellerOfferingSchema,
  annotations: WRITE,
  run: async ({ requestId, ...fields }, caller) => {
    const sellerId = await caller.sellerId('catalog:write');
    return once(sellerId, requestId, 'createOffering', fields, (tx) => createOffering({ db: tx }, { ...fields, listed: false, sellerId }));
  },
  summarize: (offering) => `Created ${offeringLine(offering)}.`,
});

const setOfferingListedTool = defineTool({
  name: 'set_offering_listed',
  title: 'List or unlist an offering',
  description: 'Shows an offering to buyers (Listed true) or hides it (Listed false). Buyers see it only while it and its product are also active.',
  audience: 'seller',
  input: setOfferingListedSchema.extend(withRequestId),
  output: sellerOfferingSchema,
  annotations: WRITE,
  run: async ({ requestId, ...fields }, caller) => {
    const sellerId = await caller.sellerId('catalog:write');
    return once(sellerId, requestId, 'setOfferingListed', fields, (tx) => setOfferingListed({ db: tx }, { ...fields, sellerId }));
  },
  summarize: (offering) => `${offeringLine(offering)}.`,
});

const amounts = (entries: { currency: string; amount: number }[]) => entries.map((entry) => `${entry.amount} ${entry.currency.toUpperCase()}`).join(', ');

const getSalesSummaryTool = defineTool({
  name: 'get_sales_summary',
  title: 'Sales summary',
  description:
    'Your sales over a period, as numbers: completed orders (free ones included), paid orders, revenue per currency, refunds made in the period and the revenue net of them, licenses issued, and licenses active now. The period is [From, To), ISO 8601; by default the last 30 days; at most 366 days.',
  audience: 'seller',
  input: salesSummaryQuerySchema,
  output: salesSummarySchema,
  annotations: READ_ONLY,
  run: async (query, caller) => getSalesSummary({ db: db() }, { ...query, sellerId: await caller.sellerId('orders:read') }),
  summarize: (summary) =>
    [
      `From ${summary.from} to ${summary.to}: ${summary.completedOrders} completed orders (${summary.paidOrders} paid), ${summary.licensesIssued} licenses issued; ${summary.activeLicenses} licenses active now.`,
      summary.revenue.length === 0 ? 'No revenue.' : `Revenue: ${amounts(summary.revenue)}.`,
      ...(summary.refunded.length === 0 ? [] : [`Refunded: ${amounts(summary.refunded)}; net revenue: ${amounts(summary.netRevenue)}.`]),
    ].join('\n'),
});

export const SELLER_TOOLS = [listCatalogTool, createProductTool, createOfferingTool, setOfferingListedTool, getSalesSummaryTool];
