// CSV per RFC 4180 (CRLF lines, a field holding a comma, quote or line break is quoted, quotes
// doubled) that a spreadsheet opens without running anything: buyers choose their own e-mail and
// sellers their product names, so a text cell starting with = + - @ tab or CR (a formula to Excel,
// LibreOffice and Sheets) gets a leading single quote (OWASP "CSV injection").

export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** The header line, then one line per row as the rows arrive: a large export is never held whole. */
export function csvStream<T>(header: readonly string[], rows: AsyncIterable<T>, cellsOf: (row: T) => readonly CsvValue[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = rows[Symbol.asyncIterator]();
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(csvLine(header)));
        return;
      }
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(csvLine(cellsOf(next.value))));
    },
    async cancel() {
      await iterator.return?.(undefined);
    },
  });
}

/** Reads a whole CSV stream as text (tests and small exports). */
export async function csvText(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}
