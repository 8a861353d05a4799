import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type { CsvEncoding } from '../contract/listImports';
import { badRequest } from '../errors';
import { hasNonTextControlCharacter } from '../http/controlCharacters';

// Reading an import file: its encoding (UTF-8 with or without BOM, else Windows-1252, what Dutch Excel
// writes), its delimiter (from the first line), then its records one at a time, streamed.

/** Bytes looked at to decide the delimiter and show a preview. */
const sampleBytes = 64 * 1024;
/** The largest record accepted (a runaway quote would otherwise swallow the whole file). */
const maxRecordBytes = 1024 * 1024;
const delimiters = [';', ',', '\t'] as const;

export interface CsvFormat {
  encoding: CsvEncoding;
  delimiter: string;
}

/** Why a file is not imported, as the 400 names it; nothing of it is kept. */
export const fileRefusals = {
  empty: 'Het bestand is leeg.',
  notCsv: 'Het bestand is geen CSV-bestand (tekst met kolommen gescheiden door ; , of tab).',
  headerOnly: 'Het bestand heeft alleen een kopregel: er staan geen ontvangers in.',
};

/**
 * Whether the whole file is valid UTF-8, read as a stream: one invalid byte anywhere means it came from
 * a Windows-1252 program (é as the single byte E9).
 */
export async function detectEncoding(path: string): Promise<CsvEncoding> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(path)) decoder.decode(chunk as Buffer, { stream: true });
    decoder.decode();
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** The first bytes of the file, decoded (a BOM dropped). */
async function readSample(path: string, encoding: CsvEncoding): Promise<string> {
  const handle = await open(path);
  try {
    const buffer = Buffer.alloc(sampleBytes);
    const { bytesRead } = await handle.read(buffer, 0, sampleBytes, 0);
    return new TextDecoder(encoding).decode(buffer.subarray(0, bytesRead), { stream: true });
  } finally {
    await handle.close();
  }
}

/** The delimiter that occurs most in the first line outside quotes (';' wins a tie: Dutch Excel). */
export function detectDelimiter(firstLine: string): string {
  const counts = new Map<string, number>(delimiters.map((d) => [d, 0]));
  let quoted = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best: string = ';';
  for (const d of delimiters) if ((counts.get(d) ?? 0) > (counts.get(best) ?? 0)) best = d;
  return best;
}

/**
 * The encoding and delimiter of a staged file, or a 400 (field `file`) when it is empty or not text:
 * NUL bytes or other control characters mean a binary file (a spreadsheet, an image).
 */
export async function inspectCsv(
  path: string,
  encoding?: CsvEncoding,
): Promise<CsvFormat & { sample: string }> {
  const detected = encoding ?? (await detectEncoding(path));
  const sample = await readSample(path, detected);
  if (sample.trim() === '') throw badRequest('file', fileRefusals.empty);
  if (hasNonTextControlCharacter(sample)) throw badRequest('file', fileRefusals.notCsv);
  const firstLine = sample.split(/\r?\n/, 1)[0] ?? '';
  return { encoding: detected, delimiter: detectDelimiter(firstLine), sample };
}

/** A record of the file: its row number (the header is row 1) and its cells. */
export interface CsvRecord {
  rowNumber: number;
  cells: string[];
}

/** Reads the records of a file after the header; `onBytes` follows the bytes read (for progress). */
export async function* readCsvRecords(
  path: string,
  format: CsvFormat,
  onBytes: (bytesRead: number) => void = () => {},
): AsyncGenerator<CsvRecord> {
  async function* decoded() {
    const decoder = new TextDecoder(format.encoding);
    let bytes = 0;
    for await (const chunk of createReadStream(path)) {
      bytes += (chunk as Buffer).length;
      onBytes(bytes);
      yield decoder.decode(chunk as Buffer, { stream: true });
    }
    yield decoder.decode();
  }
  const parser = Readable.from(decoded()).pipe(
    parse({
      delimiter: format.delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: maxRecordBytes,
    }),
  );
  let rowNumber = 0;
  for await (const cells of parser as AsyncIterable<string[]>) {
    rowNumber += 1;
    if (rowNumber === 1) continue;
    yield { rowNumber, cells };
  }
}

/** The header and the first rows of a sample (a cut last record is left out). */
export async function sampleRecords(sample: string, delimiter: string, count: number): Promise<string[][]> {
  const records: string[][] = [];
  const parser = Readable.from([sample]).pipe(
    parse({ delimiter, relax_column_count: true, skip_empty_lines: true }),
  );
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      records.push(record);
      if (records.length > count) break;
    }
  } catch {
    // The sample ends inside a quoted field: the records before it are whole.
  }
  return records;
}

/** The header and up to `count` rows of a file's sample; a 400 (field `file`) when no row follows the header. */
export async function headerAndRows(
  format: CsvFormat & { sample: string },
  count: number,
): Promise<{ header: string[]; rows: string[][] }> {
  const [header = [], ...rows] = await sampleRecords(format.sample, format.delimiter, count);
  if (rows.length === 0) throw badRequest('file', fileRefusals.headerOnly);
  return { header, rows };
}
