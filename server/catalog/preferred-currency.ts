import { acceptLanguageTags } from '../platform/accept-language';

// The currency a buyer is shown an offering in (the storefront, the offering's page, the Buy form):
// the buyer's own choice, else where the request comes from, else the offering's default. Only a
// currency the offering has a price in is ever chosen; the checkout charges the one shown.

/** Where a buyer probably pays from: an ISO 3166 country (upper case) to its currency (lower case). */
const CURRENCY_OF_COUNTRY: Readonly<Record<string, string>> = {
  US: 'usd', CA: 'cad', MX: 'mxn', BR: 'brl', AR: 'ars', CL: 'clp', CO: 'cop',
  GB: 'gbp', IE: 'eur', DE: 'eur', FR: 'eur', ES: 'eur', IT: 'eur', NL: 'eur', BE: 'eur', AT: 'eur', PT: 'eur', FI: 'eur',
  GR: 'eur', LU: 'eur', SK: 'eur', SI: 'eur', EE: 'eur', LV: 'eur', LT: 'eur', MT: 'eur', CY: 'eur', HR: 'eur',
  CH: 'chf', LI: 'chf', SE: 'sek', NO: 'nok', DK: 'dkk', IS: 'isk', PL: 'pln', CZ: 'czk', HU: 'huf', RO: 'ron', BG: 'bgn', TR: 'try',
  JP: 'jpy', KR: 'krw', CN: 'cny', HK: 'hkd', TW: 'twd', SG: 'sgd', IN: 'inr', TH: 'thb', MY: 'myr', ID: 'idr', PH: 'php', VN: 'vnd',
  AU: 'aud', NZ: 'nzd', ZA: 'zar', IL: 'ils', AE: 'aed', SA: 'sar', QA: 'qar', KW: 'kwd', BH: 'bhd', OM: 'omr', JO: 'jod', EG: 'egp',
};

/** The currency of a country code as a CDN sends it (`JP`, `de`); null for an unknown one or none (`XX`, `T1`). */
export function currencyOfCountry(country: string | null | undefined): string | null {
  if (!country) return null;
  return CURRENCY_OF_COUNTRY[country.trim().toUpperCase()] ?? null;
}

/**
 * The regions of an `Accept-Language` header, most preferred first: a tag's own region (`de-DE` →
 * DE), else its language's likely one (`ja` → JP, `de` → DE).
 */
function regionsOfAcceptLanguage(header: string): string[] {
  return acceptLanguageTags(header).flatMap((tag) => {
    try {
      const locale = new Intl.Locale(tag);
      const region = locale.region ?? locale.maximize().region;
      return region ? [region] : [];
    } catch {
      // Not a well-formed language tag.
      return [];
    }
  });
}

export interface CurrencyRequest {
  /** The buyer's explicit choice (the page's selector, `?currency=`), any case. */
  explicit?: string | null;
  /** The request's country (ISO 3166 alpha-2), as a CDN tells it. */
  country?: string | null;
  /** The request's `Accept-Language` header. */
  acceptLanguage?: string | null;
}

/**
 * The currency to show an offering in, among its `prices`: the explicit choice, else the
 * country's currency, else the currency of the Accept-Language's regions in order of preference,
 * else the default price's. Each only when the offering has a price in it. Null for an offering
 * with no price (a free one).
 */
export function preferredCurrency(prices: readonly { currency: string; isDefault: boolean }[], request: CurrencyRequest): string | null {
  if (prices.length === 0) return null;
  const offered = new Set(prices.map((price) => price.currency));
  const candidates = [
    request.explicit?.trim().toLowerCase(),
    currencyOfCountry(request.country),
    ...(request.acceptLanguage ? regionsOfAcceptLanguage(request.acceptLanguage).map(currencyOfCountry) : []),
  ];
  const found = candidates.find((currency) => currency && offered.has(currency));
  return found ?? (prices.find((price) => price.isDefault) ?? prices[0]!).currency;
}
