import 'server-only';
import { headers } from 'next/headers';
import { cache } from 'react';
import { formatsFor, localeFromAcceptLanguage, type Formats } from './formats';

/** The reader's locale: the request's Accept-Language (./formats.ts), read once per request. */
export const requestLocale = cache(async (): Promise<string> => localeFromAcceptLanguage((await headers()).get('accept-language')));

/**
 * Money and counts for server components, in the reader's locale. Dates are not here on purpose:
 * they go through <FormattedDate> / <FormattedDateTime>, which move to the browser's time zone.
 */
export async function requestFormat(): Promise<Pick<Formats, 'locale' | 'money' | 'decimalMoney' | 'count'>> {
  const { locale, money, decimalMoney, count } = formatsFor(await requestLocale());
  return { locale, money, decimalMoney, count };
}
