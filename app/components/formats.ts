/**
 * How pages write dates, money and counts: one format everywhere, in the reader's locale, through
 * `Intl` (this file holds every `Intl` formatter of the pages; docs/buyers-and-sellers.md "Pages").
 *
 * - Locale: the browser's. On the server it is the request's `Accept-Language` (its most preferred
 *   tag that is valid and that `Intl` formats, else `en`); the root layout hands the same locale to
 *   client components (`LocaleProvider` in ./formatted.tsx), so both render the same text.
 * - A date is `dateStyle: 'medium'` ("Nov 26, 2026" in en-US, "26.11.2026" in de-DE, "26 Nov 2026"
 *   in en-GB); a date with a time adds `timeStyle: 'short'` and always names its time zone with the
 *   zone's short name ("Nov 26, 2026, 3:04 PM UTC", "26.11.2026, 16:04 MEZ"), so a time is never
 *   read in the wrong zone. `Intl` does not take `timeZoneName` beside `dateStyle`, so the name is
 *   read from a second formatter and appended.
 * - Time zone: the server renders in UTC; in the browser `<FormattedDate>` and `<FormattedDateTime>`
 *   (./formatted.tsx) render again in the browser's own zone right after hydration. A page without
 *   JavaScript therefore shows UTC, and says so on every time. Calendar days that the service counts
 *   in UTC (the charts' days) stay UTC days everywhere.
 * - Money is integer minor units with its currency ("usd", 2700 → "$27.00" in en-US, "27,00 $" in
 *   de-DE; jpy has no minor unit: 1200 → "¥1,200"); rates in the currency's main unit (BaseRate,
 *   metered per-unit rates) go through `decimalMoney`, which keeps up to 6 decimals.
 * - Counts are grouped ("10,000", "10.000").
 *
 * E-mails (no browser) keep one fixed format (server/mail/email-date.ts); CSV exports keep ISO dates.
 */

import { LRUCache } from 'lru-cache';
import { acceptLanguageTags, minorUnitDigits } from '@/server/entry/formats';

export const FALLBACK_LOCALE = 'en';
/** The zone the server renders in, and the browser's until hydration has run. */
export const SERVER_TIME_ZONE = 'UTC';

/** Decimals a per-unit rate may carry (metered rates are decimals, not minor units). */
const MAX_RATE_DIGITS = 6;

/** The reader's locale from an `Accept-Language` header: its most preferred valid tag that `Intl` formats, else 'en'. */
export function localeFromAcceptLanguage(header: string | null | undefined): string {
  if (!header) return FALLBACK_LOCALE;
  for (const tag of acceptLanguageTags(header)) {
    const locale = supportedLocale(tag);
    if (locale) return locale;
  }
  return FALLBACK_LOCALE;
}

function supportedLocale(tag: string): string | null {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    return canonical ? (Intl.DateTimeFormat.supportedLocalesOf([canonical])[0] ?? null) : null;
  } catch {
    // Not a well-formed language tag.
    return null;
  }
}

// Formatters are costly to build and cheap to reuse. The key holds a locale, which comes from a
// request header: bounded, so a stream of odd tags cannot grow it without end.
const formatters = new LRUCache<string, Intl.DateTimeFormat | Intl.NumberFormat>({ max: 200 });

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter as T;
}

export type DateInput = Date | string | number;

export const toDate = (value: DateInput): Date => (value instanceof Date ? value : new Date(value));

/** "Nov 26, 2026" (en-US), "26.11.2026" (de-DE), in `timeZone`. */
export function formatDate(value: DateInput, locale: string, timeZone: string): string {
  return cached(`date|${locale}|${timeZone}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone })).format(toDate(value));
}

/** "Nov 26, 2026, 3:04 PM UTC" (en-US), "26.11.2026, 16:04 MEZ" (de-DE): the time names its zone. */
export function formatDateTime(value: DateInput, locale: string, timeZone: string): string {
  const date = toDate(value);
  const text = cached(`date-time|${locale}|${timeZone}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone })).format(date);
  const zone = cached(`zone|${locale}|${timeZone}`, () => new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }))
    .formatToParts(date)
    .find((part) => part.type === 'timeZoneName')?.value;
  return zone ? `${text} ${zone}` : text;
}

/** A calendar day the service counts in UTC ("2026-11-26", a chart's day), in the date format; the same day in every zone. */
export function formatCalendarDay(day: string, locale: string): string {
  return formatDate(`${day}T00:00:00Z`, locale, 'UTC');
}

/** Integer minor units as an exact decimal string in the main unit: (2700, 2) → "27.00", (1200, 0) → "1200". */
function decimalOfMinor(amountMinor: number | bigint, digits: number): string {
  const minor = typeof amountMinor === 'bigint' ? amountMinor : BigInt(Math.round(amountMinor));
  const sign = minor < 0n ? '-' : '';
  const plain = (minor < 0n ? -minor : minor).toString().padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${plain}` : `${sign}${plain.slice(0, -digits)}.${plain.slice(-digits)}`;
}

/** An amount in the currency's main unit (a BaseRate, a metered rate or total): "$9.99", "0,0025 €". */
export function formatDecimalMoney(amount: number | string, currency: string, locale: string): string {
  const code = currency.toUpperCase();
  try {
    const formatter = cached(`money|${locale}|${code}`, () => new Intl.NumberFormat(locale, { style: 'currency', currency: code, maximumFractionDigits: MAX_RATE_DIGITS }));
    // A decimal string is formatted exactly (no float rounding), however many digits it has.
    return formatter.format(amount as Intl.StringNumericLiteral);
  } catch {
    return `${amount} ${code}`;
  }
}

/** Integer minor units in their currency: (2700, 'eur') → "€27.00" (en-US), "27,00 €" (de-DE); (1200, 'jpy') → "¥1,200". */
export function formatMoney(amountMinor: number | bigint, currency: string, locale: string): string {
  return formatDecimalMoney(decimalOfMinor(amountMinor, minorUnitDigits(currency)), currency, locale);
}

/** A count with the locale's grouping: "10,000" (en), "10.000" (de); a decimal string (metered units) exactly. */
export function formatCount(value: number | bigint | string, locale: string): string {
  return cached(`count|${locale}`, () => new Intl.NumberFormat(locale, { maximumFractionDigits: MAX_RATE_DIGITS })).format(value as Intl.StringNumericLiteral);
}

/** Country names by ISO 3166 code in the locale: 'DE' → "Germany" (en), "Deutschland" (de); a code it does not know reads as itself. */
export function countryNamer(locale: string): (code: string) => string {
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  return (code) => {
    try {
      return names.of(code) ?? code;
    } catch {
      // Not a region code at all.
      return code;
    }
  };
}

let readerZone: string | undefined;

/** The zone the browser runs in (an IANA name), UTC when it cannot say; read once per page load. */
export function browserTimeZone(): string {
  readerZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || SERVER_TIME_ZONE;
  return readerZone;
}

/** Every format bound to one locale and zone: what `useFormat()` and `requestFormat()` hand to pages. */
export interface Formats {
  locale: string;
  timeZone: string;
  date: (value: DateInput) => string;
  dateTime: (value: DateInput) => string;
  calendarDay: (day: string) => string;
  money: (amountMinor: number | bigint, currency: string) => string;
  decimalMoney: (amount: number | string, currency: string) => string;
  count: (value: number | bigint | string) => string;
}

export function formatsFor(locale: string, timeZone: string = SERVER_TIME_ZONE): Formats {
  return {
    locale,
    timeZone,
    date: (value) => formatDate(value, locale, timeZone),
    dateTime: (value) => formatDateTime(value, locale, timeZone),
    calendarDay: (day) => formatCalendarDay(day, locale),
    money: (amountMinor, currency) => formatMoney(amountMinor, currency, locale),
    decimalMoney: (amount, currency) => formatDecimalMoney(amount, currency, locale),
    count: (value) => formatCount(value, locale),
  };
}
