import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

/**
 * A CSV file for Excel in Dutch settings, written by csv-stringify as the rows come: semicolons (what
 * Dutch Excel splits on), a UTF-8 byte order mark (so accents survive), Windows line ends, quoting where
 * needed, and formulas escaped (an answer such as `=HYPERLINK(…)` stays text in the spreadsheet). The
 * rows are pulled one at a time, so a file of any length streams in flat memory.
 */
export function dutchCsv(
  header: readonly string[],
  rows: AsyncIterable<string[]> | Iterable<string[]>,
): Readable {
  return Readable.from(withHeader(header, rows)).pipe(
    stringify({ delimiter: ';', bom: true, escape_formulas: true, record_delimiter: 'windows' }),
  );
}

async function* withHeader(header: readonly string[], rows: AsyncIterable<string[]> | Iterable<string[]>) {
  yield [...header];
  yield* rows;
}
