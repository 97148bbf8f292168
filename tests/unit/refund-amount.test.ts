import { describe, expect, it } from 'vitest';
import { parseRefundAmount, plainDecimal } from '@/app/(service)/portal/orders/[orderId]/refund-amount';

// The order page's refund amount: what the seller types, in the currency's main unit, read exactly
// into minor units before anything is sent (the refund service checks again).

describe('the refund form’s amount', () => {
  it('reads digits with one decimal point or comma into minor units of the currency, trailing zeros aside', () => {
    expect(parseRefundAmount('15.50', 'usd', 4000)).toEqual({ minor: 1550 });
    expect(parseRefundAmount(' 15,5 ', 'usd', 4000)).toEqual({ minor: 1550 });
    expect(parseRefundAmount('40', 'usd', 4000)).toEqual({ minor: 4000 });
    expect(parseRefundAmount('0.07', 'usd', 4000)).toEqual({ minor: 7 });
    expect(parseRefundAmount('12.300', 'eur', 4000)).toEqual({ minor: 1230 });
    expect(parseRefundAmount('1200', 'jpy', 1200)).toEqual({ minor: 1200 });
    expect(parseRefundAmount('1.500', 'kwd', 5000)).toEqual({ minor: 1500 });
  });

  it('refuses what is not an amount, too many decimals, nothing, and more than is left, each saying why', () => {
    const error = (text: string, currency = 'usd', left = 4000) => {
      const parsed = parseRefundAmount(text, currency, left);
      return 'error' in parsed ? parsed.error : null;
    };
    expect(error('')).toMatch(/^Enter the amount as a number, like 12\.50\.$/);
    expect(error('1,200.00')).toMatch(/^Enter the amount as a number/);
    expect(error('-5')).toMatch(/^Enter the amount as a number/);
    expect(error('ten')).toMatch(/^Enter the amount as a number/);
    expect(error('15.555')).toBe('Use at most 2 decimals for USD.');
    expect(error('12.5', 'jpy', 5000)).toBe('JPY has no decimals.');
    expect(error('0')).toBe('Enter an amount more than 0.');
    expect(error('0.00')).toBe('Enter an amount more than 0.');
    expect(error('40.01')).toBe('That is more than is left to refund on this order.');
  });

  it('starts from what is left as a plain decimal in the currency’s digits', () => {
    expect(plainDecimal(4000, 'usd')).toBe('40.00');
    expect(plainDecimal(5, 'usd')).toBe('0.05');
    expect(plainDecimal(1200, 'jpy')).toBe('1200');
    expect(plainDecimal(1500, 'kwd')).toBe('1.500');
  });
});
