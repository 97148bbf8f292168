import { describe, expect, it } from 'vitest';
import {
  formatCalendarDay,
  formatCount,
  formatDate,
  formatDateTime,
  formatDecimalMoney,
  formatMoney,
  formatsFor,
  localeFromAcceptLanguage,
} from '@/app/components/formats';
import { minorUnitDigits } from '@/server/catalog/money';
import { formatEmailDate } from '@/server/mail/email-date';

// The pages' one format (app/components/formats.ts): the reader's locale from Accept-Language,
// money from integer minor units, dates in UTC on the server and in the browser's zone after.

// ICU separates some parts with no-break spaces (U+00A0, U+202F); compare them as plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const NOV_26_AFTERNOON = new Date('2026-11-26T15:04:00Z');
const NOV_26_LATE = new Date('2026-11-26T23:30:00Z');

describe('the reader’s locale from Accept-Language', () => {
  it('takes the first tag a browser sends', () => {
    expect(localeFromAcceptLanguage('de-DE,de;q=0.9,en;q=0.8')).toBe('de-DE');
    expect(localeFromAcceptLanguage('en-US,en;q=0.9')).toBe('en-US');
    expect(localeFromAcceptLanguage('fr')).toBe('fr');
  });

  it('follows the q weights, not only the order, and never a tag refused with q=0', () => {
    expect(localeFromAcceptLanguage('en;q=0.5, de-AT;q=0.8')).toBe('de-AT');
    expect(localeFromAcceptLanguage('en;q=0, de')).toBe('de');
  });

  it('skips a malformed tag for the next valid one', () => {
    expect(localeFromAcceptLanguage('not a tag!!, fr-CA;q=0.5')).toBe('fr-CA');
    expect(localeFromAcceptLanguage('en_US, nl;q=0.4')).toBe('nl');
  });

  it('falls back to en on a missing, empty, wildcard or wholly bad header', () => {
    for (const header of [null, undefined, '', '*', ';;;,,,', 'q=1', '12345', 'x'.repeat(10_000), 'en-US-'.repeat(100)]) {
      expect(localeFromAcceptLanguage(header), String(header).slice(0, 40)).toBe('en');
    }
  });

  it('reads only the start of a very long header', () => {
    expect(localeFromAcceptLanguage(`${'zz-ZZ-x-aaaa, '.repeat(50)}de`)).toBe('en');
  });
});

describe('money from integer minor units', () => {
  it('en-US and de-DE write the same amount their own way', () => {
    expect(plain(formatMoney(2700, 'eur', 'en-US'))).toBe('€27.00');
    expect(plain(formatMoney(2700, 'eur', 'de-DE'))).toBe('27,00 €');
    expect(plain(formatMoney(127_400, 'usd', 'en-US'))).toBe('$1,274.00');
    expect(plain(formatMoney(127_400, 'usd', 'de-DE'))).toBe('1.274,00 $');
  });

  it('scales by the currency’s minor unit: jpy has none, kwd has three', () => {
    expect(minorUnitDigits('usd')).toBe(2);
    expect(minorUnitDigits('JPY')).toBe(0);
    expect(minorUnitDigits('kwd')).toBe(3);
    expect(plain(formatMoney(1200, 'jpy', 'en-US'))).toBe('¥1,200');
    expect(plain(formatMoney(1200, 'jpy', 'de-DE'))).toBe('1.200 ¥');
    expect(plain(formatMoney(123_456, 'kwd', 'en-US'))).toBe('KWD 123.456');
  });

  it('is exact for any size, negative amounts and bigint included', () => {
    expect(formatMoney(5, 'usd', 'en-US')).toBe('$0.05');
    expect(formatMoney(0, 'usd', 'en-US')).toBe('$0.00');
    expect(formatMoney(-1999, 'usd', 'en-US')).toBe('-$19.99');
    expect(formatMoney(900_719_925_474_099_312n, 'usd', 'en-US')).toBe('$9,007,199,254,740,993.12');
  });

  it('an amount in a currency Intl cannot name still reads, with its code', () => {
    expect(formatMoney(1234, 'not-a-currency', 'en-US')).toBe('12.34 NOT-A-CURRENCY');
  });

  it('rates in the main unit keep their decimals (metered per-unit rates)', () => {
    expect(formatDecimalMoney('0.0025', 'usd', 'en-US')).toBe('$0.0025');
    expect(plain(formatDecimalMoney('0.0025', 'usd', 'de-DE'))).toBe('0,0025 $');
    expect(formatDecimalMoney(9.99, 'usd', 'en-US')).toBe('$9.99');
    expect(formatDecimalMoney(49, 'usd', 'en-US')).toBe('$49.00');
  });
});

describe('dates', () => {
  it('a date is the locale’s medium date', () => {
    expect(formatDate(NOV_26_AFTERNOON, 'en-US', 'UTC')).toBe('Nov 26, 2026');
    expect(formatDate(NOV_26_AFTERNOON, 'en-GB', 'UTC')).toBe('26 Nov 2026');
    expect(formatDate(NOV_26_AFTERNOON, 'de-DE', 'UTC')).toBe('26.11.2026');
    expect(formatDate(NOV_26_AFTERNOON.toISOString(), 'en-US', 'UTC')).toBe('Nov 26, 2026');
  });

  it('a date with a time names its zone', () => {
    expect(plain(formatDateTime(NOV_26_AFTERNOON, 'en-US', 'UTC'))).toBe('Nov 26, 2026, 3:04 PM UTC');
    expect(plain(formatDateTime(NOV_26_AFTERNOON, 'de-DE', 'UTC'))).toBe('26.11.2026, 15:04 UTC');
    expect(plain(formatDateTime(NOV_26_AFTERNOON, 'de-DE', 'Europe/Berlin'))).toBe('26.11.2026, 16:04 MEZ');
    expect(plain(formatDateTime(NOV_26_AFTERNOON, 'en-US', 'America/New_York'))).toBe('Nov 26, 2026, 10:04 AM EST');
  });

  it('the day is the reader’s: late on the 26th in UTC is the 27th in Berlin', () => {
    expect(formatDate(NOV_26_LATE, 'de-DE', 'UTC')).toBe('26.11.2026');
    expect(formatDate(NOV_26_LATE, 'de-DE', 'Europe/Berlin')).toBe('27.11.2026');
  });

  it('a calendar day counted in UTC (a chart’s day) is the same day in every zone', () => {
    expect(formatCalendarDay('2026-11-26', 'en-US')).toBe('Nov 26, 2026');
    expect(formatCalendarDay('2026-11-26', 'de-DE')).toBe('26.11.2026');
    expect(formatsFor('de-DE', 'Pacific/Honolulu').calendarDay('2026-11-26')).toBe('26.11.2026');
  });

  it('e-mails keep one fixed format, whoever reads them', () => {
    expect(formatEmailDate(NOV_26_LATE)).toBe('26 November 2026');
  });
});

describe('counts and the bound formats', () => {
  it('counts are grouped per locale; metered units keep their decimals', () => {
    expect(formatCount(10_000, 'en-US')).toBe('10,000');
    expect(formatCount(10_000, 'de-DE')).toBe('10.000');
    expect(formatCount('1234.5', 'de-DE')).toBe('1.234,5');
  });

  it('formatsFor binds one locale and zone; the server’s zone is UTC', () => {
    const format = formatsFor('de-DE');
    expect(format).toMatchObject({ locale: 'de-DE', timeZone: 'UTC' });
    expect(plain(format.money(2700, 'eur'))).toBe('27,00 €');
    expect(format.count(1_000_000)).toBe('1.000.000');
    expect(plain(format.dateTime(NOV_26_AFTERNOON))).toBe('26.11.2026, 15:04 UTC');
  });
});
