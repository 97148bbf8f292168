'use client';

// The pages' dates, money and counts in the reader's locale (the rules: ./formats.ts). Server
// components render <FormattedDate> / <FormattedDateTime> and format money and counts with
// `requestFormat()` (./request-format.ts); client components use these and `useFormat()`.

import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { browserTimeZone, FALLBACK_LOCALE, formatsFor, SERVER_TIME_ZONE, toDate, type DateInput, type Formats } from './formats';

const LocaleContext = createContext(FALLBACK_LOCALE);

/** Set once in the root layout with the request's locale, so client components render what the server rendered. */
export function LocaleProvider({ locale, children }: { locale: string; children: ReactNode }) {
  return <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>;
}

const noChanges = () => () => {};

/**
 * UTC on the server and while hydrating (so the HTML matches and React warns of nothing), then the
 * browser's own zone: React renders again with it right after hydration.
 */
function useTimeZone(): string {
  return useSyncExternalStore(noChanges, browserTimeZone, () => SERVER_TIME_ZONE);
}

/** Every format in the reader's locale and, once hydrated, the browser's time zone. */
export function useFormat(): Formats {
  const locale = useContext(LocaleContext);
  const timeZone = useTimeZone();
  return useMemo(() => formatsFor(locale, timeZone), [locale, timeZone]);
}

/** A date ("Nov 26, 2026", "26.11.2026") with its machine-readable value. */
export function FormattedDate({ value }: { value: DateInput }) {
  const format = useFormat();
  const date = toDate(value);
  return <time dateTime={date.toISOString()}>{format.date(date)}</time>;
}

/** A date and time with its zone ("Nov 26, 2026, 3:04 PM UTC", "26.11.2026, 16:04 MEZ") and its machine-readable value. */
export function FormattedDateTime({ value }: { value: DateInput }) {
  const format = useFormat();
  const date = toDate(value);
  return <time dateTime={date.toISOString()}>{format.dateTime(date)}</time>;
}
