import { describe, expect, it } from 'vitest';
import { IntervalUnit } from '@/server/catalog/catalog-enums';
import { currentPeriods } from '@/server/consumption/allowance';

// A cached license's periods are counted once and held until the first of them ends: the next
// authorization after that instant is in the next period, never the one that ended.

const termStart = new Date('2026-01-31T10:00:00Z');
const features = [
  { key: 'export', allowance: 100, allowancePeriodUnit: IntervalUnit.Month },
  { key: 'render', allowance: 5, allowancePeriodUnit: IntervalUnit.Day },
  { key: 'view', allowance: null, allowancePeriodUnit: null },
];

describe('currentPeriods', () => {
  it('the periods asked for again inside them are the same periods', () => {
    const first = currentPeriods(features, termStart, new Date('2026-02-10T12:00:00Z'));
    const again = currentPeriods(features, termStart, new Date('2026-02-11T09:59:59Z'));
    expect(again.get('render')).toEqual({ start: new Date('2026-02-10T10:00:00Z'), end: new Date('2026-02-11T10:00:00Z') });
    expect(again.get('export')).toEqual(first.get('export'));
    expect(again.has('view')).toBe(false);
  });

  it('at the end of the shortest period, that feature is in its next period and the others stay', () => {
    currentPeriods(features, termStart, new Date('2026-02-10T12:00:00Z'));
    const next = currentPeriods(features, termStart, new Date('2026-02-11T10:00:00Z'));
    expect(next.get('render')).toEqual({ start: new Date('2026-02-11T10:00:00Z'), end: new Date('2026-02-12T10:00:00Z') });
    expect(next.get('export')).toEqual({ start: new Date('2026-01-31T10:00:00Z'), end: new Date('2026-02-28T10:00:00Z') });
  });

  it('an earlier instant (a request that began before) gets its own periods, not the later ones', () => {
    currentPeriods(features, termStart, new Date('2026-03-05T12:00:00Z'));
    const earlier = currentPeriods(features, termStart, new Date('2026-02-27T12:00:00Z'));
    expect(earlier.get('export')).toEqual({ start: new Date('2026-01-31T10:00:00Z'), end: new Date('2026-02-28T10:00:00Z') });
    expect(earlier.get('render')).toEqual({ start: new Date('2026-02-27T10:00:00Z'), end: new Date('2026-02-28T10:00:00Z') });
  });

  it('another term start (the same features list) counts from that start', () => {
    currentPeriods(features, termStart, new Date('2026-02-10T12:00:00Z'));
    const other = currentPeriods(features, new Date('2026-02-01T00:00:00Z'), new Date('2026-02-10T12:00:00Z'));
    expect(other.get('render')).toEqual({ start: new Date('2026-02-10T00:00:00Z'), end: new Date('2026-02-11T00:00:00Z') });
  });
});
