import { z } from 'zod';
import { deviceModeSchema, maxDevicesSchema, maxOfflineDaysSchema } from '../../../sdk/src/contract/device-rules';
import { MAX_PRICES_PER_OFFERING } from '../../../sdk/src/contract/fields';
import { CatalogStatus, IntervalUnit, LicenseClassification, OfferingCategory, Platform } from '../catalog-enums';
import { minorUnitDigits, toMinorUnits } from '../money';

// Request shapes of the seller's catalog management (portal over tRPC, and any later caller).
// Cross-field rules live here, in superRefine, so the portal form (which parses with the same
// schemas before sending) and the services refuse exactly the same input. Field paths are
// camelCase; the one normaliser renders them PascalCase in ValidationError Details.

const entityId = z.string().trim().min(1, 'Required.').max(64);

const statusSchema = z.literal([CatalogStatus.Draft, CatalogStatus.Active, CatalogStatus.Archived]);
const platformSchema = z.literal(Object.values(Platform));
const categorySchema = z.literal(Object.values(OfferingCategory));
const classificationSchema = z.literal(Object.values(LicenseClassification));
const intervalUnitSchema = z.literal(Object.values(IntervalUnit));

/** ISO 4217 codes this runtime knows how to format (a code such as xyz is refused). */
const KNOWN_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** Largest price the database column holds (a 32-bit integer of minor units). */
const MAX_PRICE_MINOR = 2_147_483_647;

/** Feature keys as apps name them in code and in license authorizations. */
export const FEATURE_KEY_PATTERN = /^[a-z0-9][a-z0-9._-]{0,63}$/;

/** A feature key made from a display name ("Export PDF" → "export-pdf"); '' when no letter or digit is left. */
export function featureKeyFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, 64)
    .replace(/[._-]+$/, '');
}

// ---------- products ----------

const productFields = z.object({
  name: z.string().trim().min(1, 'Enter a product name.').max(200),
  description: z.string().trim().max(4000).default(''),
  // New items are active; what buyers see is gated by each offering's `listed` flag.
  status: statusSchema.default(CatalogStatus.Active),
  platform: platformSchema.default(Platform.Any),
});

export const createProductSchema = productFields;
export const updateProductSchema = productFields.extend({ productId: entityId });

// ---------- offerings ----------

/** An ISO 4217 code this runtime knows, kept lower case. */
const currencyCodeSchema = z
  .string()
  .trim()
  .toLowerCase()
  // abort: a code that is not three letters is told that, once.
  .regex(/^[a-z]{3}$/, { message: 'Enter a three-letter currency code such as usd.', abort: true })
  .refine((code) => KNOWN_CURRENCIES.has(code.toUpperCase()), 'Enter an ISO 4217 currency code such as usd or eur.');

/** Why `baseRate` (major units) is no price in `currency`, or null: its exponent (JPY 0 decimals, KWD 3) and the column's range. */
function amountProblem(baseRate: number, currency: string): string | null {
  const digits = minorUnitDigits(currency);
  const scaled = baseRate * 10 ** digits;
  if (Math.abs(scaled - Math.round(scaled)) > 1e-6) {
    return digits === 0 ? `A price in ${currency.toUpperCase()} is a whole number (it has no minor unit).` : `A price in ${currency.toUpperCase()} has at most ${digits} decimal places.`;
  }
  if (toMinorUnits(baseRate, currency) > MAX_PRICE_MINOR) return 'The price is too large.';
  return null;
}

/**
 * One price of an offering (ours, beside the spec's BaseRate): `baseRate` in major units of
 * `currency`; the one marked `isDefault` is the offering's BaseRate and Currency.
 */
const offeringPriceSchema = z.object({
  currency: currencyCodeSchema,
  baseRate: z.number().positive('A price is above 0; an offering without a price is free: remove every price.'),
  isDefault: z.boolean().optional(),
});

/** An offering's prices: at most MAX_PRICES_PER_OFFERING (the rules across rows: `pricesRules`). */
const offeringPricesSchema = z.array(offeringPriceSchema).max(MAX_PRICES_PER_OFFERING, `An offering has at most ${MAX_PRICES_PER_OFFERING} prices, one per currency.`);

/**
 * The rules across an offering's prices, told on the row they concern (`prices.2.currency`): one
 * price per currency, each an amount its currency can hold, exactly one the default (a list of one
 * price needs no mark: it is the default). Object-level, so the wire twins (PascalCase) of the
 * request shapes never run them on keys they do not have.
 */
function pricesRules(prices: z.output<typeof offeringPricesSchema>, ctx: z.RefinementCtx): void {
  const firstOf = new Map<string, number>();
  prices.forEach((price, index) => {
    const first = firstOf.get(price.currency);
    if (first === undefined) firstOf.set(price.currency, index);
    else
      ctx.addIssue({
        code: 'custom',
        path: ['prices', index, 'currency'],
        message: `Price ${first + 1} is already in ${price.currency.toUpperCase()}: one price per currency.`,
        params: { detailCode: 'Duplicate' },
      });
    const problem = amountProblem(price.baseRate, price.currency);
    if (problem) ctx.addIssue({ code: 'custom', path: ['prices', index, 'baseRate'], message: problem });
  });
  const defaults = prices.flatMap((price, index) => (price.isDefault ? [index] : []));
  if (prices.length > 1 && defaults.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['prices'], message: 'Mark one price as the default.', params: { detailCode: 'Required' } });
  }
  for (const index of defaults.slice(1)) {
    ctx.addIssue({
      code: 'custom',
      path: ['prices', index, 'isDefault'],
      message: `Price ${defaults[0]! + 1} is already the default: mark exactly one.`,
      params: { detailCode: 'Duplicate' },
    });
  }
}

/**
 * An offering's device rules (ours, beside the spec's fields; the rules are the contract's,
 * sdk/src/contract/device-rules.ts): devices one seat may run on at once (null: any number), whether a
 * device stays until deactivated or holds a lease, and the longest offline license file in days.
 * A license copies them at sale (mint-license.ts), like its features. Left out of a new offering:
 * any number of devices, node-locked, offline files of up to 30 days (the columns' defaults).
 */
const deviceRulesOfNewOffering = {
  maxDevices: maxDevicesSchema.default(null),
  deviceMode: deviceModeSchema.default('NodeLocked'),
  maxOfflineDays: maxOfflineDaysSchema.default(30),
};
/** Left out of an edit: kept as they are. */
const deviceRulesOfEdit = {
  maxDevices: maxDevicesSchema.optional(),
  deviceMode: deviceModeSchema.optional(),
  maxOfflineDays: maxOfflineDaysSchema.optional(),
};

const offeringFields = z.object({
  name: z.string().trim().min(1, 'Enter an offering name.').max(200),
  description: z
    .string()
    .trim()
    .max(4000)
    .nullable()
    .default(null)
    .transform((value) => (value === '' ? null : value)),
  status: statusSchema.default(CatalogStatus.Active),
  classification: classificationSchema,
  category: categorySchema.default(OfferingCategory.Application),
  /** Price in major units of `currency` (9.99); null for a free offering, 0 for a zero-dollar one. */
  baseRate: z.number().min(0, 'The price cannot be negative.').nullable().default(null),
  currency: currencyCodeSchema.default('usd'),
  /**
   * Every price, one per currency (ours, beside the spec's BaseRate): given, it replaces the
   * offering's prices and its default is BaseRate and Currency; an empty list is a free offering.
   * Left out, BaseRate and Currency set the default price and the other currencies' prices stay.
   */
  prices: offeringPricesSchema.optional(),
  interval: z.number().int().min(1, 'The interval is at least 1.').max(1000).nullable().default(null),
  intervalUnit: intervalUnitSchema.nullable().default(null),
  seatBased: z.boolean().default(false),
  listed: z.boolean().default(false),
  /** A buyer may buy it again while holding it (a trial: take it more than once). */
  allowRepeatPurchase: z.boolean().default(false),
  /** A paid subscription's free trial that converts: days free before the first period is billed (1-730). */
  trialDays: z.number().int('Trial days are whole days.').min(1, 'A trial lasts at least 1 day.').max(730, 'A trial lasts at most 730 days.').nullable().default(null),
  ...deviceRulesOfNewOffering,
});

/** What the classification rules read (an edit may leave the switches out). */
export type OfferingTerms = Pick<z.output<typeof offeringFields>, 'classification' | 'baseRate' | 'currency' | 'interval' | 'intervalUnit' | 'trialDays'> &
  Partial<Pick<z.output<typeof offeringFields>, 'prices'>>;

/** The price marked default in a valid list (or its only price); null for an empty list. */
export function defaultPriceOf<P extends { isDefault?: boolean }>(prices: readonly P[]): P | null {
  return prices.find((price) => price.isDefault) ?? (prices.length === 1 ? prices[0]! : null);
}

/**
 * The default price the terms ask for, in major units: the default of `prices` when given (none
 * for an empty list), else BaseRate in Currency.
 */
export function defaultPriceTerms(terms: Pick<OfferingTerms, 'baseRate' | 'currency' | 'prices'>): { baseRate: number | null; currency: string } {
  if (terms.prices === undefined) return { baseRate: terms.baseRate, currency: terms.currency };
  const chosen = defaultPriceOf(terms.prices);
  return chosen ? { baseRate: chosen.baseRate, currency: chosen.currency } : { baseRate: null, currency: terms.currency };
}

/**
 * Classification rules (spec: 0 trial, 1 subscription, 2 perpetual): a subscription bills every
 * interval, so it needs one; a perpetual license has no term; a trial is free for its length.
 */
function offeringRules(terms: OfferingTerms, ctx: z.RefinementCtx): void {
  const issue = (path: keyof OfferingTerms, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (terms.prices !== undefined) pricesRules(terms.prices, ctx);
  if (terms.prices !== undefined && terms.baseRate !== null) {
    // BaseRate and Currency are the default price: beside Prices they may only repeat its default.
    const chosen = defaultPriceOf(terms.prices);
    if (!chosen || chosen.baseRate !== terms.baseRate || chosen.currency !== terms.currency) {
      issue('baseRate', 'BaseRate and Currency are the default price: leave them out beside Prices, or give the same price as its default.');
    }
  }
  if (terms.prices !== undefined && terms.prices.length > 0 && terms.classification === LicenseClassification.Trial) {
    issue('prices', 'A trial has no price; remove its prices.');
  }
  // The rules below read the default price, however it was given.
  const value = { ...terms, ...defaultPriceTerms(terms) };
  switch (value.classification) {
    case LicenseClassification.Subscription:
      if (value.interval === null) issue('interval', 'A subscription needs a billing interval.');
      if (value.intervalUnit === null) issue('intervalUnit', 'A subscription needs an interval unit.');
      break;
    case LicenseClassification.Trial:
      if (value.interval === null) issue('interval', 'A trial needs a length.');
      if (value.intervalUnit === null) issue('intervalUnit', 'A trial needs an interval unit.');
      if (terms.baseRate !== null) issue('baseRate', 'A trial has no price; leave the price empty.');
      break;
    case LicenseClassification.Perpetual:
      if (value.interval !== null) issue('interval', 'A perpetual offering has no interval.');
      if (value.intervalUnit !== null) issue('intervalUnit', 'A perpetual offering has no interval unit.');
      break;
  }
  if (value.trialDays !== null && (value.classification !== LicenseClassification.Subscription || !value.baseRate)) {
    issue('trialDays', 'A free trial that converts belongs to a paid subscription; a free offering needs none.');
  }
  // A price in Prices is checked there, on its own row.
  if (terms.prices === undefined && value.baseRate !== null && value.baseRate >= 0) {
    const problem = amountProblem(value.baseRate, value.currency);
    if (problem) issue('baseRate', problem);
  }
}

export const createOfferingSchema = offeringFields.extend({ productId: entityId }).superRefine(offeringRules);
/** An offering created where listing is a separate, deliberate step (an agent's create_offering). */
export const createUnlistedOfferingSchema = offeringFields.omit({ listed: true }).extend({ productId: entityId }).superRefine(offeringRules);
/**
 * An edit replaces the offering's terms; the two switches (listed, repeat purchase) and the device
 * rules are left as they are when omitted, so saving the form never undoes a switch flipped
 * meanwhile, and a caller that knows nothing of devices never resets them.
 */
export const updateOfferingSchema = offeringFields
  .extend({ offeringId: entityId, listed: z.boolean().optional(), allowRepeatPurchase: z.boolean().optional(), ...deviceRulesOfEdit })
  .superRefine(offeringRules);

export const setOfferingListedSchema = z.object({ offeringId: entityId, listed: z.boolean() });
export const setOfferingRepeatPurchaseSchema = z.object({ offeringId: entityId, allowRepeatPurchase: z.boolean() });

// ---------- features ----------

const featureFields = z.object({
  offeringId: entityId,
  key: z
    .string()
    .trim()
    .regex(FEATURE_KEY_PATTERN, 'Use 1–64 lower-case letters, digits, dots, dashes or underscores, starting with a letter or digit.'),
  displayName: z.string().trim().min(1, 'Enter a display name.').max(200),
  description: z.string().trim().max(4000).default(''),
  /** Price per unit of metered use, in major units (the spec's Rate). */
  rate: z.number().min(0, 'The rate cannot be negative.').default(0),
  sampleSeconds: z.number().int().min(1, 'At least 1 second.').max(86_400).nullable().default(null),
  /** Requests per minute for one seat; null for no limit. */
  rateLimit: z.number().int().min(1, 'At least 1 per minute; leave empty for no limit.').max(1_000_000_000).nullable().default(null),
  accessLevel: z.enum(['Allowed', 'Denied']).nullable().default(null),
  /** Units one seat may use per allowance period; null for unlimited. */
  allowance: z.number().int().min(0, 'The allowance cannot be negative.').max(MAX_PRICE_MINOR).nullable().default(null),
  allowancePeriodUnit: intervalUnitSchema.nullable().default(null),
});

type FeatureFields = z.output<typeof featureFields>;

/** An allowance is counted per period, so the two come together. */
function featureRules(value: Pick<FeatureFields, 'allowance' | 'allowancePeriodUnit'>, ctx: z.RefinementCtx): void {
  if (value.allowance !== null && value.allowancePeriodUnit === null) {
    ctx.addIssue({ code: 'custom', path: ['allowancePeriodUnit'], message: 'An allowance needs a period.' });
  }
  if (value.allowance === null && value.allowancePeriodUnit !== null) {
    ctx.addIssue({ code: 'custom', path: ['allowance'], message: 'Enter the allowance for this period, or clear the period.' });
  }
}

/** Creates the feature `key` of the offering, or replaces all its fields when it exists. */
export const upsertFeatureSchema = featureFields.superRefine(featureRules);
export const deleteFeatureSchema = z.object({ featureId: entityId });

// ---------- selling an app in one step ----------

// The portal's "Sell an app": one product, one offering and its features, created together
// (start-selling-app.ts). Each part is the detailed screens' own shape and rules; what is added is
// only what the one-step form asks differently: how buyers pay, as one choice.

/** How buyers pay for the app: nothing, once, every period, or nothing for a trial's length. */
const APP_BILLING = ['free', 'once', 'recurring', 'trial'] as const;
export type AppBilling = (typeof APP_BILLING)[number];

type AppOfferingChoice = Pick<z.output<typeof offeringFields>, 'baseRate' | 'currency' | 'interval' | 'intervalUnit'> &
  Partial<Pick<z.output<typeof offeringFields>, 'prices'>> & { billing: AppBilling; trialDays?: number | null };

/**
 * The offering terms a billing choice stands for. What the choice has no use for (a price of a free
 * app, the interval of a one-time sale) is left out, so the form may keep it while the seller switches.
 */
export function appOfferingTerms(choice: AppOfferingChoice): OfferingTerms {
  const { baseRate, currency, interval, intervalUnit, trialDays, prices } = choice;
  // A free choice has no price at all: neither BaseRate nor any of Prices.
  const unpriced = { baseRate: null, currency, ...(prices === undefined ? {} : { prices: [] }) };
  switch (choice.billing) {
    case 'free':
      return { classification: LicenseClassification.Perpetual, ...unpriced, interval: null, intervalUnit: null, trialDays: null };
    case 'once':
      return { classification: LicenseClassification.Perpetual, baseRate, currency, prices, interval: null, intervalUnit: null, trialDays: null };
    case 'recurring':
      // A subscription may start with days free that convert to the first paid period.
      return { classification: LicenseClassification.Subscription, baseRate, currency, prices, interval, intervalUnit, trialDays: trialDays ?? null };
    case 'trial':
      return { classification: LicenseClassification.Trial, ...unpriced, interval, intervalUnit, trialDays: null };
  }
}

const appOfferingSchema = offeringFields
  .omit({ classification: true })
  .extend({ billing: z.enum(APP_BILLING) })
  .superRefine((value, ctx) => {
    const terms = appOfferingTerms(value);
    // A paid choice without a price would be a free offering the seller did not ask for.
    const { baseRate } = defaultPriceTerms(terms);
    if ((value.billing === 'once' || value.billing === 'recurring') && !(baseRate !== null && baseRate > 0)) {
      ctx.addIssue({ code: 'custom', path: [terms.prices === undefined ? 'baseRate' : 'prices'], message: 'Enter a price above 0, or choose Free.' });
    }
    offeringRules(terms, ctx);
  });

/** Features added in the same step; more can be added on the offering's page. */
export const MAX_APP_FEATURES = 50;

const appFeatureSchema = featureFields
  .omit({ offeringId: true })
  // An unlimited feature has no period to count in: the form's period is dropped with no allowance.
  .transform((feature) => (feature.allowance === null ? { ...feature, allowancePeriodUnit: null } : feature))
  .superRefine(featureRules);

const appFeaturesSchema = z
  .array(appFeatureSchema)
  .max(MAX_APP_FEATURES)
  .superRefine((features, ctx) => {
    // One feature per key (the database's unique key of an offering's features), told on the later row.
    const firstWithKey = new Map<string, number>();
    features.forEach((feature, index) => {
      const first = firstWithKey.get(feature.key);
      if (first === undefined) firstWithKey.set(feature.key, index);
      else
        ctx.addIssue({
          code: 'custom',
          path: [index, 'key'],
          message: `Feature ${first + 1} already has the key “${feature.key}”. Give each feature its own key.`,
          params: { detailCode: 'Duplicate' },
        });
    });
  });

export const startSellingAppSchema = z.object({
  product: createProductSchema,
  offering: appOfferingSchema,
  features: appFeaturesSchema.default([]),
});

// ---------- types ----------

export type CreateProductInput = z.input<typeof createProductSchema>;
export type UpdateProductInput = z.input<typeof updateProductSchema>;
export type CreateOfferingInput = z.input<typeof createOfferingSchema>;
export type UpdateOfferingInput = z.input<typeof updateOfferingSchema>;
export type SetOfferingListedInput = z.input<typeof setOfferingListedSchema>;
export type SetOfferingRepeatPurchaseInput = z.input<typeof setOfferingRepeatPurchaseSchema>;
export type UpsertFeatureInput = z.input<typeof upsertFeatureSchema>;
export type DeleteFeatureInput = z.input<typeof deleteFeatureSchema>;
export type StartSellingAppInput = z.input<typeof startSellingAppSchema>;

/** Every service call names the seller it acts for; the portal takes it from the session. */
export type SellerScoped<T = object> = T & { sellerId: string };
