import { minorUnitDigits } from '@/server/entry/shared';

// The refund form's amount: typed in the currency's main unit, as the management API takes it, and
// checked here only so the seller reads a mistake at once; the refund service decides.

/**
 * A typed amount ("15.50", "15,5", "40") as minor units of `currency`, or why not. Digits with one
 * decimal separator and no grouping: "1,200.00" is refused rather than guessed at.
 */
export function parseRefundAmount(text: string, currency: string, refundableMinor: number): { minor: number } | { error: string } {
  const digits = minorUnitDigits(currency);
  const match = /^(\d{1,13})(?:[.,](\d*))?$/.exec(text.trim());
  if (!match) return { error: `Enter the amount as a number, like ${digits > 0 ? `12.${'5'.padEnd(digits, '0')}` : '1200'}.` };
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > digits) return { error: digits === 0 ? `${currency.toUpperCase()} has no decimals.` : `Use at most ${digits} decimals for ${currency.toUpperCase()}.` };
  const minor = Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  if (minor <= 0) return { error: 'Enter an amount more than 0.' };
  if (minor > refundableMinor) return { error: 'That is more than is left to refund on this order.' };
  return { minor };
}

/** Minor units as the plain decimal the amount field starts with ("40.00"; "1200" for yen). */
export function plainDecimal(minor: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  if (digits === 0) return String(minor);
  const text = String(minor).padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
