import { describe, expect, it } from 'vitest';
import { IntervalUnit } from '@/server/catalog/catalog-enums';
import { billingPeriodAt } from '@/server/billing/billing-period';

describe('billing periods are anchored at the term start', () => {
  const anchor = new Date('2026-01-31T10:00:00Z');

  it('monthly from January 31: the periods end on the last day of February, then March 31', () => {
    expect(billingPeriodAt(anchor, 1, IntervalUnit.Month, new Date('2026-02-10T00:00:00Z'))).toEqual({ start: anchor, end: new Date('2026-02-28T10:00:00Z') });
    expect(billingPeriodAt(anchor, 1, IntervalUnit.Month, new Date('2026-02-28T10:00:00Z'))).toEqual({
      start: new Date('2026-02-28T10:00:00Z'),
      end: new Date('2026-03-31T10:00:00Z'),
    });
  });

  it('before the anchor, and far after it with short periods', () => {
    expect(billingPeriodAt(anchor, 1, IntervalUnit.Month, new Date('2025-12-01T00:00:00Z')).start).toEqual(anchor);
    const daily = billingPeriodAt(anchor, 1, IntervalUnit.Day, new Date('2036-01-31T12:00:00Z'));
    expect(daily).toEqual({ start: new Date('2036-01-31T10:00:00Z'), end: new Date('2036-02-01T10:00:00Z') });
  });

  it('every 3 months and yearly', () => {
    expect(billingPeriodAt(anchor, 3, IntervalUnit.Month, new Date('2026-06-01T00:00:00Z'))).toEqual({
      start: new Date('2026-04-30T10:00:00Z'),
      end: new Date('2026-07-31T10:00:00Z'),
    });
    expect(billingPeriodAt(anchor, 1, IntervalUnit.Year, new Date('2028-03-01T00:00:00Z'))).toEqual({
      start: new Date('2028-01-31T10:00:00Z'),
      end: new Date('2029-01-31T10:00:00Z'),
    });
  });
});
