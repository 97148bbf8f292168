import { z } from 'zod';
import { currencySchema, discountCodeSchema, idSchema, issuerClientIdSchema } from '../../sdk/src/contract/fields';
import { discountQuoteSchema, quoteDiscount } from '../checkout/quote-discount';
import { findSellerByIssuerClientId } from '../sellers/find-seller-by-issuer-client-id';
import { catalogCacheKeys, readCatalog } from '../catalog/catalog-cache';
import { storefrontSchema, type Storefront } from '../catalog/catalog.schemas';
import { classificationLabel, describeDeviceRules, describePrice } from '../catalog/describe-offering';
import { describeListedOffering, listedOfferingSchema } from '../catalog/describe-listed-offering';
import { getStorefront } from '../catalog/get-storefront';
import { offeringSearchPageSchema, searchOfferingsSchema, searchOfferings } from '../catalog/search-offerings';
import { db } from '../db';
import { DomainError } from '../errors';
import { defineTool } from './mcp-tool';

// The anonymous tools: what anyone may read of the public catalog, as the REST catalog shows it
// (listed offerings of existing sellers only), and the link a person opens to buy. An agent never
// buys: start_purchase hands back the hosted storefront, where the person signs in and pays.

const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;

// The shared rules, trimmed: an agent's copy of an id may carry the spaces around it.
const issuerClientId = issuerClientIdSchema.trim().describe("The seller's issuerClientId (its storefront's id).");
const offeringId = idSchema.trim().describe("The offering's id.");
const offeringRef = z.object({ issuerClientId, offeringId });


const searchOfferingsTool = defineTool({
  name: 'search_offerings',
  title: 'Search offerings',
  description:
    'Find software for sale across every storefront: words in the offering, product or store name or description, optionally one seller, free or paid, and the kind of billing (trial, subscription, perpetual). 20 a page.',
  audience: 'anyone',
  input: searchOfferingsSchema,
  output: offeringSearchPageSchema,
  annotations: READ_ONLY,
  run: (input) => searchOfferings({ db: db() }, input),
  summarize: (page) =>
    page.total === 0
      ? 'No listed offering matches.'
      : [
          `${page.total} offering${page.total === 1 ? '' : 's'} match (page ${page.page} of ${page.pageCount}):`,
          ...page.offerings.map((hit) => `- ${hit.product.name}: ${hit.offering.name} (${hit.price}) from ${hit.storeName} [issuerClientId ${hit.offering.clientId}, offeringId ${hit.offering.id}]`),
        ].join('\n'),
});

const getStorefrontTool = defineTool({
  name: 'get_storefront',
  title: "A seller's storefront",
  description: "A seller's listed catalog: its products and their listed offerings, as the storefront shows them.",
  audience: 'anyone',
  input: z.object({ issuerClientId }),
  output: storefrontSchema,
  annotations: READ_ONLY,
  // The REST storefront's cache: the same 90 s entries, dropped by the same catalog edits.
  run: async ({ issuerClientId }) =>
    (await readCatalog(catalogCacheKeys.storefront(issuerClientId), issuerClientId, (database) => getStorefront({ db: database }, issuerClientId)))!.value as Storefront,
  summarize: (storefront) => {
    const lines = storefront.products.flatMap((product) => [
      `${product.name}:`,
      ...(storefront.offeringsByProduct[product.id] ?? []).map((offering) => `- ${offering.name}, ${classificationLabel(offering.licenseClassification)}, ${describePrice(offering)} [offeringId ${offering.id}]`),
    ]);
    return lines.length === 0 ? `Storefront ${storefront.clientId} lists nothing right now.` : [`Storefront ${storefront.clientId}:`, ...lines].join('\n');
  },
});

const getOfferingTool = defineTool({
  name: 'get_offering',
  title: 'One offering',
  description:
    'One listed offering in full: price and billing (every currency it is priced in), whether it is sold per seat, the devices a seat may run on (MaxDevices, DeviceMode, MaxOfflineDays), its features with their rates, limits and allowances, and the link to buy it. With a discountCode (and optionally a currency), also what that code takes off one seat, as a checkout would charge; an unknown, expired, used-up or not-applicable code is refused with the reason.',
  audience: 'anyone',
  input: offeringRef.extend({
    currency: currencySchema.optional().describe('The currency to price the discount in (ISO 4217); the default price when left out.'),
    discountCode: discountCodeSchema.optional().describe('A discount code of the seller to price.'),
  }),
  output: listedOfferingSchema.extend({ discount: discountQuoteSchema.optional() }),
  annotations: READ_ONLY,
  run: async ({ issuerClientId, offeringId, currency, discountCode }) => {
    const listed = await describeListedOffering({ db: db() }, issuerClientId, offeringId);
    if (!discountCode) return listed;
    const sellerId = (await findSellerByIssuerClientId({ db: db() }, issuerClientId))!.seller.id;
    return { ...listed, discount: await quoteDiscount({ db: db() }, { sellerId, offeringId: listed.offering.id, currency: currency ?? null, discountCode }) };
  },
  summarize: (listed) =>
    [
      `${listed.product.name}: ${listed.offering.name} from ${listed.storeName}`,
      `${classificationLabel(listed.offering.licenseClassification)}, ${listed.price}${listed.seatBased ? ', sold per seat' : ''}`,
      `Devices: ${describeDeviceRules(listed.offering, { perSeat: listed.seatBased })}`,
      ...(listed.offering.prices.length > 1
        ? [`Prices: ${listed.offering.prices.map((price) => `${price.baseRate} ${price.currency.toUpperCase()}${price.isDefault ? ' (default)' : ''}`).join(', ')}`]
        : []),
      ...(listed.discount
        ? [
            `With code ${listed.discount.code}: ${listed.discount.priceAfterDiscount} ${listed.discount.currency.toUpperCase()} instead of ${listed.discount.price} (${listed.discount.amountOff} off ${
              listed.discount.duration === 'forever' ? 'every payment' : listed.discount.duration === 'repeating' ? `for ${listed.discount.durationMonths} months` : 'the first payment'
            })`,
          ]
        : []),
      ...(listed.offering.description ? [listed.offering.description] : []),
      ...listed.resolvedFeatures.map((feature) => `- ${feature.displayName} (${feature.featureKey})`),
      `Buy: ${listed.purchaseUrl}`,
    ].join('\n'),
});

const startPurchaseTool = defineTool({
  name: 'start_purchase',
  title: 'Link to buy an offering',
  description:
    'The hosted storefront link where a person buys (or, when free, takes) one listed offering: give it to the person to open. Nothing is bought or reserved by this call; the person signs in and pays on the page.',
  audience: 'anyone',
  input: offeringRef,
  output: z.object({ purchaseUrl: z.string(), offeringName: z.string(), storeName: z.string(), price: z.string() }),
  annotations: READ_ONLY,
  run: async ({ issuerClientId, offeringId }) => {
    const listed = await describeListedOffering({ db: db() }, issuerClientId, offeringId);
    if (!listed.free && !listed.isCheckoutReady) throw new DomainError('CheckoutFailed', 'This seller cannot take paid checkouts yet; the offering cannot be bought right now.');
    return { purchaseUrl: listed.purchaseUrl, offeringName: listed.offering.name, storeName: listed.storeName, price: listed.price };
  },
  summarize: (link) => `Open ${link.purchaseUrl} to buy ${link.offeringName} (${link.price}) from ${link.storeName}.`,
});

export const CATALOG_TOOLS = [searchOfferingsTool, getStorefrontTool, getOfferingTool, startPurchaseTool];
