import { toBaseRate } from '../catalog/money';

/** An amount in minor units as people read it: "$49.00", "¥1,200". */
export function formatMinorAmount(amountMinor: number, currency: string): string {
  const amount = toBaseRate(amountMinor, currency)!;
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).format(amount);
  } catch {
    return `${amount} ${currency.toUpperCase()}`;
  }
}
