import { describe, expect, it } from 'vitest';
import { IntervalUnit } from '@/server/catalog/catalog-enums';
import { addInterval } from '@/server/billing/billing-period';
import { allowancePeriod } from '@/server/consumption/allowance';

const utc = (text: string) => new Date(`${text}Z`);

describe('addInterval: calendar months and years clamp to the month reached', () => {
  it('a month after January 31 is the last day of February, in common and leap years', () => {
    expect(addInterval(utc('2027-01-31T10:00:00'), 1, IntervalUnit.Month)).toEqual(utc('2027-02-28T10:00:00'));
    expect(addInterval(utc('2028-01-31T10:00:00'), 1, IntervalUnit.Month)).toEqual(utc('2028-02-29T10:00:00'));
  });

  it('counts from the start, so two months after January 31 is March 31, not March 28', () => {
    expect(addInterval(utc('2027-01-31T00:00:00'), 2, IntervalUnit.Month)).toEqual(utc('2027-03-31T00:00:00'));
    expect(addInterval(utc('2027-08-31T00:00:00'), 1, IntervalUnit.Month)).toEqual(utc('2027-09-30T00:00:00'));
    expect(addInterval(utc('2027-12-31T00:00:00'), 2, IntervalUnit.Month)).toEqual(utc('2028-02-29T00:00:00'));
  });

  it('a year after February 29 is February 28', () => {
    expect(addInterval(utc('2028-02-29T12:00:00'), 1, IntervalUnit.Year)).toEqual(utc('2029-02-28T12:00:00'));
    expect(addInterval(utc('2028-02-29T12:00:00'), 4, IntervalUnit.Year)).toEqual(utc('2032-02-29T12:00:00'));
  });

  it('days and weeks are plain counts of days', () => {
    expect(addInterval(utc('2027-02-27T00:00:00'), 2, IntervalUnit.Day)).toEqual(utc('2027-03-01T00:00:00'));
    expect(addInterval(utc('2027-12-29T00:00:00'), 1, IntervalUnit.Week)).toEqual(utc('2028-01-05T00:00:00'));
  });
});

describe('allowancePeriod: monthly periods anchored at a month end', () => {
  const anchor = utc('2027-01-31T09:00:00');

  it('the February period ends on February 28 and the March one on March 31', () => {
    expect(allowancePeriod(anchor, IntervalUnit.Month, utc('2027-02-15T00:00:00'))).toEqual({ start: anchor, end: utc('2027-02-28T09:00:00') });
    expect(allowancePeriod(anchor, IntervalUnit.Month, utc('2027-03-01T00:00:00'))).toEqual({ start: utc('2027-02-28T09:00:00'), end: utc('2027-03-31T09:00:00') });
  });

  it('periods follow one another without gaps over a year', () => {
    let now = anchor;
    for (let index = 0; index < 12; index += 1) {
      const period = allowancePeriod(anchor, IntervalUnit.Month, now);
      expect(period.start.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(period.end.getTime()).toBeGreaterThan(now.getTime());
      now = period.end;
    }
    expect(now).toEqual(utc('2028-01-31T09:00:00'));
  });
});
