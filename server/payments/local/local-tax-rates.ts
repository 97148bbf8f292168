import { env } from '../../env';

// The local processor's tax rates, for development and tests only: it takes no money, and neither
// does it know tax law. A rate by country (ISO 3166-1 alpha-2) or by country and state (`US-CA`),
// in percent; LOCAL_TAX_RATES replaces the whole table ("DE=19,FR=20,US-CA=7.25"). A place the
// table does not name is taxed at 0. With Stripe, Stripe Tax decides and none of this is used.

const DEFAULT_RATES_PERCENT: Record<string, number> = {
  AT: 20,
  AU: 10,
  BE: 21,
  CA: 5,
  CH: 8.1,
  DE: 19,
  DK: 25,
  ES: 21,
  FI: 25.5,
  FR: 20,
  GB: 20,
  IE: 23,
  IT: 22,
  JP: 10,
  NL: 21,
  NO: 25,
  NZ: 15,
  PL: 23,
  SE: 25,
  'US-CA': 7.25,
  'US-NY': 4,
  'US-TX': 6.25,
};

let parsed: { source: string | undefined; rates: Map<string, number> } | null = null;

/** "DE=19,US-CA=7.25" → basis points by place (env.ts has refused a malformed table at the start). */
function parseTaxRates(text: string): Map<string, number> {
  const rates = new Map<string, number>();
  for (const entry of text.split(',').map((part) => part.trim()).filter(Boolean)) {
    const [place = '', percent = '0'] = entry.split('=');
    rates.set(place.toUpperCase(), Math.round(Number(percent) * 100));
  }
  return rates;
}

function rates(): Map<string, number> {
  const source = env().LOCAL_TAX_RATES;
  if (parsed === null || parsed.source !== source) {
    const table = source ? parseTaxRates(source) : new Map(Object.entries(DEFAULT_RATES_PERCENT).map(([place, percent]) => [place, Math.round(percent * 100)]));
    parsed = { source, rates: table };
    return table;
  }
  return parsed.rates;
}

/** The rate for a buyer's address, in basis points (1900 = 19%): the state's where the table has one, else the country's, else 0. */
export function localTaxRateBps(address: { country: string; state?: string | null }): number {
  const table = rates();
  const country = address.country.toUpperCase();
  const state = address.state?.trim().toUpperCase();
  return (state ? table.get(`${country}-${state}`) : undefined) ?? table.get(country) ?? 0;
}
