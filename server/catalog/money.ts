/** Digits after the decimal point of a currency's minor unit (ISO 4217): usd 2, jpy 0, kwd 3. */
export function minorUnitDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Integer minor units to the spec's BaseRate number (null stays null: a free offering has none). */
export function toBaseRate(priceMinor: number | null, currency: string): number | null {
  if (priceMinor === null) return null;
  const digits = minorUnitDigits(currency);
  return Number((priceMinor / 10 ** digits).toFixed(digits));
}

/** The spec's BaseRate number to integer minor units. */
export function toMinorUnits(baseRate: number, currency: string): number {
  return Math.round(baseRate * 10 ** minorUnitDigits(currency));
}
