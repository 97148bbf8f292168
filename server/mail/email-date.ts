// E-mails are read away from the browser, so no locale or time zone of the reader is known: every
// e-mail writes a date the same fixed way, the UTC day in words ("26 November 2026"). Pages format
// in the reader's locale instead (app/components/formats.ts).
const emailDateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A date as every e-mail writes it: "26 November 2026" (the UTC day). */
export function formatEmailDate(date: Date): string {
  return emailDateFormat.format(date);
}
