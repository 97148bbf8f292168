import { describe, expect, it } from 'vitest';
import { IntervalUnit, LicenseClassification } from '@/server/catalog/catalog-enums';
import { FEATURE_KEY_PATTERN, appOfferingTerms, featureKeyFromName, startSellingAppSchema } from '@/server/catalog/manage/catalog-edit.schema';
import { preferredCurrency, type SellerCatalog } from '@/server/catalog/manage/seller-catalog.schema';

// The stateless pieces of "Sell an app" that the browser runs too: the form's key from a name, the
// offering terms of a billing choice, and the currency a seller's new offering starts in.

describe('a feature key made from its name', () => {
  it('is a valid key, lower-case with dashes, or empty when no letter or digit is left', () => {
    const cases: [string, string][] = [
      ['Renders', 'renders'],
      ['Export PDF', 'export-pdf'],
      ['  Cloud sync (beta) ', 'cloud-sync-beta'],
      ['Éxport façade', 'export-facade'],
      ['4K render.v2', '4k-render.v2'],
      ['--Batch--', 'batch'],
      ['日本語', ''],
      ['x'.repeat(80), 'x'.repeat(64)],
    ];
    for (const [name, key] of cases) {
      expect(featureKeyFromName(name), name).toBe(key);
      if (key) expect(FEATURE_KEY_PATTERN.test(key), key).toBe(true);
    }
  });
});

describe('the offering terms of a billing choice', () => {
  const typed = { baseRate: 9, currency: 'eur', interval: 2, intervalUnit: IntervalUnit.Week } as const;
  it('keep only what the choice uses', () => {
    expect(appOfferingTerms({ billing: 'free', ...typed, trialDays: 14 })).toEqual({ classification: LicenseClassification.Perpetual, baseRate: null, currency: 'eur', interval: null, intervalUnit: null, trialDays: null });
    expect(appOfferingTerms({ billing: 'once', ...typed, trialDays: 14 })).toEqual({ classification: LicenseClassification.Perpetual, baseRate: 9, currency: 'eur', interval: null, intervalUnit: null, trialDays: null });
    expect(appOfferingTerms({ billing: 'recurring', ...typed })).toEqual({ classification: LicenseClassification.Subscription, ...typed, trialDays: null });
    // Only a subscription keeps days free before its first payment.
    expect(appOfferingTerms({ billing: 'recurring', ...typed, trialDays: 14 })).toEqual({ classification: LicenseClassification.Subscription, ...typed, trialDays: 14 });
    expect(appOfferingTerms({ billing: 'trial', ...typed, trialDays: 14 })).toEqual({ classification: LicenseClassification.Trial, ...typed, baseRate: null, trialDays: null });
  });

  it('an unlimited feature drops the period the form still shows', () => {
    const parsed = startSellingAppSchema.parse({
      product: { name: 'Render Studio' },
      offering: { name: 'Standard', billing: 'free' },
      features: [{ displayName: 'Export', key: 'export', allowance: null, allowancePeriodUnit: IntervalUnit.Month }],
    });
    expect(parsed.features[0]).toMatchObject({ allowance: null, allowancePeriodUnit: null });
    // Parsing its own output again gives the same (tRPC parses, then the service does).
    expect(startSellingAppSchema.parse(parsed)).toEqual(parsed);
  });
});

describe("the currency a seller's new offering starts in", () => {
  const catalogOf = (...currencies: string[][]): Pick<SellerCatalog, 'products'> => ({
    products: currencies.map((offerings) => ({ offerings: offerings.map((currency) => ({ currency })) })) as unknown as SellerCatalog['products'],
  });
  it('is the one most offerings use, the later one on a tie, and usd for an empty catalog', () => {
    expect(preferredCurrency(catalogOf())).toBe('usd');
    expect(preferredCurrency(catalogOf(['eur']))).toBe('eur');
    expect(preferredCurrency(catalogOf(['usd', 'eur'], ['eur']))).toBe('eur');
    expect(preferredCurrency(catalogOf(['usd'], ['gbp']))).toBe('gbp');
  });
});
