import { z } from 'zod';
import { postalAddressSchema } from './postal-address';

// The seller's public id (spec: issuerClientId): the rule a new one follows is a shared field rule.
import { httpsAddressSchema, issuerClientIdNameSchema } from '../../sdk/src/contract/fields';
export { ISSUER_CLIENT_ID_MAX } from '../../sdk/src/contract/fields';

/**
 * Words that name a route of the service (REST prefixes, portal pages, path segments). A seller
 * named like one would make addresses ambiguous to people and to proxies, so none may be taken.
 */
export const RESERVED_ISSUER_CLIENT_IDS: ReadonlySet<string> = new Set([
  'admin',
  'api',
  'auth',
  'checkout',
  'claim',
  'consumption',
  'dev',
  'identity',
  'licenses',
  'licensing',
  'licensing-mgmt',
  'login',
  'logout',
  'marketplace',
  'mcp',
  'offerings',
  'portal',
  'purchase',
  'register',
  'runtime',
  'seats',
  'trpc',
]);

export function isReservedIssuerClientId(value: string): boolean {
  return RESERVED_ISSUER_CLIENT_IDS.has(value);
}

const sellerName = z.string().trim().min(1).max(200).nullish();

export const createSellerInputSchema = z.object({
  contactName: sellerName,
  legalName: sellerName,
  /** Generated from the legal or contact name when absent. */
  issuerClientId: issuerClientIdNameSchema.optional(),
  /** The account that becomes the seller's Owner member. */
  ownerAccountId: z.string().min(1).optional(),
});

export type CreateSellerInput = z.input<typeof createSellerInputSchema>;

/** The store's own words, edited on the portal's store settings page. */
const STORE_NAME_MAX = 80;
const policyUrl = httpsAddressSchema('Enter the full https:// address of the page.');

export const updateSellerProfileInputSchema = z.object({
  // Buyers must be able to tell stores apart, and a seller is a legal person: neither may be blank.
  storeName: z.string().trim().min(1, 'Enter the name buyers see.').max(STORE_NAME_MAX),
  contactName: sellerName,
  legalName: z.string().trim().min(1, 'Enter your legal name.').max(200),
  /** The store's terms of sale and privacy policy, linked from the hosted checkout page: https, or none. */
  termsUrl: policyUrl.nullish(),
  privacyUrl: policyUrl.nullish(),
});
export type UpdateSellerProfileInput = z.input<typeof updateSellerProfileInputSchema>;

/**
 * Whether the seller collects tax at checkout, and how (docs/payments.md "Tax"). Absent tax id or
 * address: the stored one is kept; null (or, from the form, blank): cleared. Turning collection off
 * keeps the address, so turning it on again needs nothing retyped.
 */
const TAX_ID_MAX = 40;
export const ORIGIN_COUNTRY_REQUIRED = 'Choose the country you sell from: tax is worked out from it.';
export const updateTaxSettingsInputSchema = z
  .object({
    taxCollection: z.boolean(),
    taxBehavior: z.enum(['exclusive', 'inclusive'], { error: 'Choose whether your prices include tax or have it added.' }),
    /** The seller's tax registration (VAT number, EIN, ABN…), printed on receipts. */
    taxId: z
      .string()
      .trim()
      .min(2, 'A tax id has at least 2 characters.')
      .max(TAX_ID_MAX, `A tax id has at most ${TAX_ID_MAX} characters.`)
      .regex(/^[A-Za-z0-9 ./-]+$/, 'Use letters, digits, spaces and - . / only.')
      .nullish(),
    /** Where the seller sells from; its country is checked below, so one rule names the field. */
    originAddress: postalAddressSchema.partial({ country: true }).nullish(),
  })
  .superRefine((settings, ctx) => {
    const address = settings.originAddress;
    if (address?.country) return;
    const required = (message: string) => ctx.addIssue({ code: 'custom', path: ['originAddress', 'country'], message, params: { detailCode: 'Required' } });
    // Tax is worked out from where the seller sells (the database holds this too: Seller_tax_origin).
    if (settings.taxCollection) required(ORIGIN_COUNTRY_REQUIRED);
    // An address without its country is no address the service can use (postal-address.ts).
    else if (address && Object.values(address).some(Boolean)) required('Choose the country of this address, or clear the address.');
  });
export type UpdateTaxSettingsInput = z.input<typeof updateTaxSettingsInputSchema>;

/** A seller may leave this many former ids behind: each stays reserved for it for good. */
export const MAX_FORMER_ISSUER_CLIENT_IDS = 5;
export const changeIssuerClientIdInputSchema = z.object({ issuerClientId: issuerClientIdNameSchema });

/** Storefront logos: small raster images, recognised by their own bytes. */
export const LOGO_MAX_BYTES = 256 * 1024;
