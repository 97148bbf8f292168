import { stringify, type Options } from 'csv-stringify/sync';

// CSV per RFC 4180 (CRLF lines, a field holding a comma, quote or line break is quoted, quotes
// doubled), written by csv-stringify, that a spreadsheet opens without running anything: buyers
// choose their own e-mail and sellers their product names, so a text cell starting with = + - @ tab
// or CR (a formula to Excel, LibreOffice and Sheets), or with the full-width = + - @ that some
// spreadsheets read the same, gets a leading single quote (OWASP "CSV injection";
// csv-stringify's escape_formulas). Numbers are written as they are, a negative one too.

export type CsvValue = string | number | null | undefined;

const CSV_OPTIONS: Options = {
  record_delimiter: 'windows',
  // With a record delimiter given, csv-stringify would quote only fields holding CRLF; a lone CR or
  // LF must be quoted too.
  quote_record_delimiter: true,
  escape_formulas: true,
};
const CELL_OPTIONS: Options = { ...CSV_OPTIONS, eof: false };

/** One cell as it is written in a line. */
export function csvCell(value: CsvValue): string {
  return stringify([[value]], CELL_OPTIONS);
}

/** One line, CRLF included. */
function csvLine(values: readonly CsvValue[]): string {
  return stringify([values], CSV_OPTIONS);
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
