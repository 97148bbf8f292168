const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** A date (or date and time, in UTC) as buyers read it, with its machine-readable value. */
export function When({ value, withTime }: { value: Date; withTime?: boolean }) {
  return <time dateTime={value.toISOString()}>{withTime ? `${dateTimeFormat.format(value)} UTC` : dateFormat.format(value)}</time>;
}
