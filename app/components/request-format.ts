import 'server-only';
import { headers } from 'next/headers';
import { cache } from 'react';
import { formatsFor, localeFromAcceptLanguage, type Formats } from './formats';

/** The reader's locale: the request's Accept-Language (./formats.ts), read once per request. */
export const requestLocale = cache(async (): Promise<string> => localeFromAcceptLanguage((await headers()).get('accept-language')));

/**
 * Money, counts and UTC calendar days for server components, in the reader's locale. Moments are
 * not here on purpose: they go through <FormattedDate> / <FormattedDateTime>, which move to the
 * browser's time zone; a calendar day (a UTC day of a chart or a report) is the same everywhere.
 */
export async function requestFormat(): Promise<Pick<Formats, 'locale' | 'money' | 'decimalMoney' | 'count' | 'calendarDay'>> {
  const { locale, money, decimalMoney, count, calendarDay } = formatsFor(await requestLocale());
  return { locale, money, decimalMoney, count, calendarDay };
}
