import { z } from 'zod';

// The field rules every face of the service applies the same way: the REST wire schemas, tRPC
// inputs, the MCP tools, and this library's checks before it sends anything. One rule per field,
// defined once here; a request shape may narrow one (`.optional()`, `.describe()`), never redefine it.

/** README "Embedded checkout" and "Management API": seats bought, added or created in one request. */
export const MAX_SEATS_PER_REQUEST = 1000;
/** Spec "Limits": a CorrelationId is at most 128 characters. */
export const MAX_CORRELATION_ID_LENGTH = 128;
/** Ids a caller names (offerings, licenses, seats, codes, sessions, issuerClientIds it refers to). */
export const MAX_ID_LENGTH = 100;

const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
// The same rule as one pattern, so the API document carries it too: a GUID that is not all zeros.
const NON_EMPTY_GUID = /^(?!0{8}-0{4}-0{4}-0{4}-0{12}$)[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** A GUID idempotency key named `field`; the empty GUID is refused (it cannot tell attempts apart). Kept lower-case. */
export function guidKeySchema(field: string) {
  return z
    .string()
    .superRefine((value, ctx) => {
      if (!GUID.test(value)) ctx.addIssue({ code: 'invalid_format', format: 'regex', pattern: GUID.source, input: value, message: `${field} must be a GUID.` });
      else if (!NON_EMPTY_GUID.test(value)) ctx.addIssue({ code: 'custom', message: `${field} must not be the empty GUID.` });
    })
    .meta({ pattern: NON_EMPTY_GUID.source, format: 'uuid', description: 'A GUID, not all zeros.' })
    .transform((value) => value.toLowerCase());
}

/** The RequestId of every write: the same request again gets the first answer. */
export const requestIdSchema = guidKeySchema('RequestId');

/** An id the caller names (an offering, a license, a seat, a session): 1 to 100 characters. */
export const idSchema = z.string().min(1).max(MAX_ID_LENGTH);

/**
 * A seller's issuerClientId as a caller refers to it (a storefront, a purchase): 1 to 100
 * characters, a former id too. The rule a seller's new id must follow is `issuerClientIdNameSchema`.
 */
export const issuerClientIdSchema = idSchema.clone();

// The seller's public id is embedded in apps and in the storefront address
// `{portal_url}/marketplace/{issuerClientId}`, so a new one is kept to what needs no escaping
// anywhere: lower-case letters, digits and inner hyphens, 3 to 40 characters.
const ISSUER_CLIENT_ID_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const ISSUER_CLIENT_ID_MIN = 3;
export const ISSUER_CLIENT_ID_MAX = 40;

/** The issuerClientId a seller takes (the service also refuses the words that name its own routes). */
export const issuerClientIdNameSchema = z
  .string()
  .min(ISSUER_CLIENT_ID_MIN)
  .max(ISSUER_CLIENT_ID_MAX)
  .regex(ISSUER_CLIENT_ID_PATTERN, 'Use lower-case letters, digits and inner hyphens only.');

/** The seller's own reference (a tenant id, an order number): at most 128 characters, may be empty where optional. */
export const correlationIdSchema = z.string().max(MAX_CORRELATION_ID_LENGTH, 'CorrelationId is at most 128 characters.');
/** A CorrelationId that must be given (a tenant a license is bound to). */
export const requiredCorrelationIdSchema = correlationIdSchema.min(1, 'CorrelationId is required.');

/** A number of seats in one request: 1 to MAX_SEATS_PER_REQUEST. */
export const seatCountSchema = z.number().int('A number of seats is a whole number.').min(1).max(MAX_SEATS_PER_REQUEST);

/** An absolute https address a seller links buyers to (a download, its terms), trimmed; `message` says what it is for. */
export function httpsAddressSchema(message: string) {
  return z
    .string()
    .trim()
    .max(2048, 'An address is at most 2048 characters.')
    .refine((value) => {
      try {
        return new URL(value).protocol === 'https:';
      } catch {
        return false;
      }
    }, message);
}

/** An absolute http or https URL (where a checkout sends the buyer back). */
export const returnUrlSchema = z
  .string()
  .max(2048)
  .meta({ format: 'uri', pattern: '^[Hh][Tt][Tt][Pp][Ss]?://', description: 'An absolute http or https URL.', example: 'https://app.example.com/purchase-done' })
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Must be an absolute http or https URL.');

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** An e-mail address, kept trimmed and lower-case (one person, one account, whatever the case typed). */
export const emailAddressSchema = z.email().max(254).transform((email) => normalizeEmail(email));

/**
 * An ISO 4217 currency code as sent (`EUR`, `eur`), answered lower case: the service stores and
 * compares lower case, and Stripe takes it so.
 */
export const currencySchema = z
  .string()
  .regex(/^[A-Za-z]{3}$/, 'A currency is a three-letter ISO 4217 code such as EUR.')
  .transform((currency) => currency.toLowerCase());

/** The most prices one offering has (one per currency, the default included). */
export const MAX_PRICES_PER_OFFERING = 10;

/**
 * A discount code as typed: letters, digits, `-` and `_`, 3 to 32 characters, any case (codes are
 * case-insensitive: compared upper case).
 */
export const discountCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,32}$/, 'A discount code is 3 to 32 letters, digits, - or _.')
  .transform((code) => code.toUpperCase());
