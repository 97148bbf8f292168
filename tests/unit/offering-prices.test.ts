import { describe, expect, it } from 'vitest';
import { LicenseClassification } from '@/server/catalog/catalog-enums';
import { toPriceViews } from '@/server/catalog/catalog-views';
import { createOfferingSchema, startSellingAppSchema, updateOfferingSchema } from '@/server/catalog/manage/catalog-edit.schema';
import { offeringPriceColumns, replaceOtherPrices } from '@/server/catalog/manage/offering-price-columns';
import { currencyOfCountry, preferredCurrency } from '@/server/catalog/preferred-currency';
import { validationErrorFromZod } from '@/server/validation-error';
import { MAX_PRICES_PER_OFFERING } from '@/sdk/src/contract/fields';

// An offering's prices in several currencies: the rules a seller's list of prices is held to (each
// told on its field, as the ValidationError's Details name it), how the list is stored (the default
// on the offering, the others as rows), and which price a buyer is shown.

const perpetual = { productId: 'product-1', name: 'Lifetime', classification: LicenseClassification.Perpetual };

/** The Details' fields and codes of a refused create, or [] when it is accepted. */
function refusal(input: object): { Field: string; Code: string; Message: string }[] {
  const parsed = createOfferingSchema.safeParse({ ...perpetual, ...input });
  if (parsed.success) return [];
  return validationErrorFromZod(parsed.error).details ?? [];
}

const fields = (input: object) => refusal(input).map((detail) => `${detail.Field} ${detail.Code}`);

describe('the prices a seller writes', () => {
  it('USD default, JPY and KWD beside it are accepted; the default is the offering’s price, the others its rows, in minor units of each', () => {
    const parsed = createOfferingSchema.parse({
      ...perpetual,
      prices: [
        { currency: 'USD', baseRate: 12.5, isDefault: true },
        { currency: 'jpy', baseRate: 1800 },
        { currency: 'kwd', baseRate: 3.875 },
      ],
    });
    expect(offeringPriceColumns(parsed)).toEqual({
      priceMinor: 1250,
      currency: 'usd',
      others: [
        { currency: 'jpy', amountMinor: 1800 },
        { currency: 'kwd', amountMinor: 3875 },
      ],
    });
  });

  it('a price in JPY has no minor digits: 1.5 JPY is refused on its row, 1500 JPY is accepted', () => {
    expect(refusal({ prices: [{ currency: 'usd', baseRate: 10, isDefault: true }, { currency: 'jpy', baseRate: 1.5 }] })).toEqual([
      { Field: 'Prices.1.BaseRate', Code: 'Invalid', Message: 'A price in JPY is a whole number (it has no minor unit).' },
    ]);
    expect(fields({ prices: [{ currency: 'jpy', baseRate: 1500 }] })).toEqual([]);
  });

  it('a price in KWD has three decimals: 1.234 is accepted, 1.2345 refused', () => {
    expect(fields({ prices: [{ currency: 'kwd', baseRate: 1.234 }] })).toEqual([]);
    expect(refusal({ prices: [{ currency: 'kwd', baseRate: 1.2345 }] })).toEqual([
      { Field: 'Prices.0.BaseRate', Code: 'Invalid', Message: 'A price in KWD has at most 3 decimal places.' },
    ]);
  });

  it('the old single price keeps its exponent rule too: 1.5 JPY on BaseRate is refused there', () => {
    expect(fields({ baseRate: 1.5, currency: 'jpy' })).toEqual(['BaseRate Invalid']);
  });

  it('each price is above zero', () => {
    expect(fields({ prices: [{ currency: 'usd', baseRate: 0 }] })).toEqual(['Prices.0.BaseRate TooShort']);
    expect(fields({ prices: [{ currency: 'usd', baseRate: -1 }] })).toEqual(['Prices.0.BaseRate TooShort']);
  });

  it('one price per currency, the second one named', () => {
    expect(fields({ prices: [{ currency: 'usd', baseRate: 1, isDefault: true }, { currency: 'eur', baseRate: 1 }, { currency: 'USD', baseRate: 2 }] })).toEqual(['Prices.2.Currency Duplicate']);
  });

  it(`at most ${MAX_PRICES_PER_OFFERING} prices`, () => {
    const codes = ['usd', 'eur', 'gbp', 'jpy', 'kwd', 'chf', 'sek', 'nok', 'dkk', 'pln', 'czk'];
    const prices = codes.map((currency, index) => ({ currency, baseRate: 100, isDefault: index === 0 }));
    expect(fields({ prices: prices.slice(0, MAX_PRICES_PER_OFFERING) })).toEqual([]);
    expect(fields({ prices })).toEqual(['Prices TooLong']);
  });

  it('exactly one default: none among several is refused on the list, a second one on its row; a single price needs no mark', () => {
    expect(fields({ prices: [{ currency: 'usd', baseRate: 1 }, { currency: 'eur', baseRate: 1 }] })).toEqual(['Prices Required']);
    expect(fields({ prices: [{ currency: 'usd', baseRate: 1, isDefault: true }, { currency: 'eur', baseRate: 1, isDefault: true }] })).toEqual(['Prices.1.IsDefault Duplicate']);
    expect(offeringPriceColumns(createOfferingSchema.parse({ ...perpetual, prices: [{ currency: 'eur', baseRate: 9 }] }))).toEqual({ priceMinor: 900, currency: 'eur', others: [] });
  });

  it('an unknown currency is refused on its row', () => {
    expect(fields({ prices: [{ currency: 'xyz', baseRate: 1 }] })).toEqual(['Prices.0.Currency Invalid']);
  });

  it('a free offering has none: a trial with prices is refused, an empty list makes a paid offering free', () => {
    expect(fields({ classification: LicenseClassification.Trial, interval: 14, intervalUnit: 0, prices: [{ currency: 'usd', baseRate: 5 }] })).toEqual(['Prices Invalid']);
    expect(offeringPriceColumns(createOfferingSchema.parse({ ...perpetual, currency: 'eur', prices: [] }))).toEqual({ priceMinor: null, currency: 'eur', others: [] });
  });

  it('BaseRate beside Prices may only repeat the default price', () => {
    expect(fields({ baseRate: 5, currency: 'usd', prices: [{ currency: 'usd', baseRate: 5 }] })).toEqual([]);
    expect(fields({ baseRate: 5, currency: 'eur', prices: [{ currency: 'usd', baseRate: 5 }] })).toEqual(['BaseRate Invalid']);
    expect(fields({ baseRate: 6, currency: 'usd', prices: [{ currency: 'usd', baseRate: 5 }] })).toEqual(['BaseRate Invalid']);
  });

  it('the classification rules read the default price however it is given: a subscription’s trial days need a price', () => {
    const subscription = { classification: LicenseClassification.Subscription, interval: 1, intervalUnit: 2, trialDays: 14 };
    expect(fields({ ...subscription, prices: [{ currency: 'usd', baseRate: 5 }] })).toEqual([]);
    expect(fields({ ...subscription, prices: [] })).toEqual(['TrialDays Invalid']);
  });

  it('an edit without Prices keeps the other currencies’ rows but the new default’s; a free edit drops them all', () => {
    const edit = (input: object) => offeringPriceColumns(updateOfferingSchema.parse({ ...perpetual, offeringId: 'offering-1', ...input }));
    expect(replaceOtherPrices(edit({ baseRate: 1500, currency: 'jpy' }))).toEqual({ deleteMany: { currency: 'jpy' } });
    expect(replaceOtherPrices(edit({ baseRate: null }))).toEqual({ deleteMany: {} });
    expect(replaceOtherPrices(edit({ prices: [{ currency: 'usd', baseRate: 1, isDefault: true }, { currency: 'jpy', baseRate: 150 }] }))).toEqual({
      deleteMany: {},
      create: [{ currency: 'jpy', amountMinor: 150 }],
    });
  });

  it('“Sell an app” takes prices too, and a free choice drops them', () => {
    const app = (offering: object) =>
      startSellingAppSchema.safeParse({ product: { name: 'Ledger' }, offering: { name: 'Standard', billing: 'once', currency: 'usd', ...offering } });
    expect(app({ prices: [{ currency: 'usd', baseRate: 9, isDefault: true }, { currency: 'jpy', baseRate: 1200 }] }).success).toBe(true);
    expect(app({ prices: [] }).error?.issues.map((issue) => issue.path.join('.'))).toEqual(['offering.prices']);
    expect(app({ billing: 'free', prices: [{ currency: 'usd', baseRate: 9 }] }).success).toBe(true);
  });
});

describe('the prices a buyer reads', () => {
  it('the default first, then the other currencies by code, each in major units of its own exponent', () => {
    const views = toPriceViews({
      priceMinor: 1250,
      currency: 'usd',
      prices: [
        { currency: 'kwd', amountMinor: 3875 },
        { currency: 'jpy', amountMinor: 1800 },
      ],
    });
    expect(views).toEqual([
      { currency: 'usd', baseRate: 12.5, isDefault: true },
      { currency: 'jpy', baseRate: 1800, isDefault: false },
      { currency: 'kwd', baseRate: 3.875, isDefault: false },
    ]);
    expect(toPriceViews({ priceMinor: null, currency: 'usd', prices: [] })).toEqual([]);
  });
});

describe('the currency a buyer is shown (preferredCurrency)', () => {
  const prices = [
    { currency: 'usd', isDefault: true },
    { currency: 'eur', isDefault: false },
    { currency: 'jpy', isDefault: false },
    { currency: 'kwd', isDefault: false },
  ];

  it('the explicit choice first, any case, when the offering has a price in it', () => {
    expect(preferredCurrency(prices, { explicit: 'KWD', country: 'JP', acceptLanguage: 'de-DE' })).toBe('kwd');
    expect(preferredCurrency(prices, { explicit: 'gbp', country: 'JP' })).toBe('jpy');
  });

  it('else the country a CDN tells, else the Accept-Language regions in order of preference', () => {
    expect(preferredCurrency(prices, { country: 'jp', acceptLanguage: 'de-DE' })).toBe('jpy');
    expect(preferredCurrency(prices, { country: 'XX', acceptLanguage: 'de-DE,de;q=0.9' })).toBe('eur');
    expect(preferredCurrency(prices, { acceptLanguage: 'ja-JP' })).toBe('jpy');
    expect(preferredCurrency(prices, { acceptLanguage: 'en-GB;q=0.9,ja;q=0.8' })).toBe('jpy');
    expect(preferredCurrency(prices, { acceptLanguage: 'ja,en-US;q=0.9' })).toBe('jpy');
    expect(preferredCurrency(prices, { acceptLanguage: 'ar-KW' })).toBe('kwd');
  });

  it('else the default: an unknown country, a language whose currency is not offered, a malformed header, nothing at all', () => {
    expect(preferredCurrency(prices, { country: 'T1', acceptLanguage: 'en-GB' })).toBe('usd');
    expect(preferredCurrency(prices, { acceptLanguage: '!!!,;q=x' })).toBe('usd');
    expect(preferredCurrency(prices, {})).toBe('usd');
    expect(preferredCurrency([{ currency: 'eur', isDefault: false }, { currency: 'chf', isDefault: true }], { acceptLanguage: 'en-US' })).toBe('chf');
  });

  it('a free offering has no currency to show', () => {
    expect(preferredCurrency([], { explicit: 'usd' })).toBeNull();
  });

  it('countries map to their currency, the euro area to eur', () => {
    expect([currencyOfCountry('DE'), currencyOfCountry('fr'), currencyOfCountry('GB'), currencyOfCountry('JP'), currencyOfCountry('KW'), currencyOfCountry(null)]).toEqual(['eur', 'eur', 'gbp', 'jpy', 'kwd', null]);
  });
});
