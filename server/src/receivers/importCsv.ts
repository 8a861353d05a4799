import { Readable, Transform, type TransformCallback } from 'node:stream';
import { parse } from 'csv-parse';
import type { CsvEncoding } from '../contract/listImports';
import { badRequest } from '../errors';
import { hasNonTextControlCharacter } from '../http/controlCharacters';

// Reading an import file: its encoding (UTF-8 with or without BOM, else Windows-1252, what Dutch Excel
// writes) and its first bytes, learned while it streams in (CsvInspector), its delimiter (from the first
// line), then its records one at a time, streamed from the store.

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

/** What an upload showed on its way in: enough to check it without reading it back. */
export interface UploadInspection {
  /** The first bytes (up to 64 KB). */
  head: Buffer;
  /** Whether the whole upload is valid UTF-8: one invalid byte means a Windows-1252 program (é as E9). */
  utf8: boolean;
}

/** Passes an upload through unchanged, keeping its first bytes and checking all of it as UTF-8. */
export class CsvInspector extends Transform {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private readonly headChunks: Buffer[] = [];
  private headLength = 0;
  private validUtf8 = true;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.headLength < sampleBytes) {
      const part = Buffer.from(chunk.subarray(0, sampleBytes - this.headLength));
      this.headChunks.push(part);
      this.headLength += part.length;
    }
    if (this.validUtf8) this.decode(chunk);
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    if (this.validUtf8) this.decode();
    callback();
  }

  /** Call once the stream ended. */
  inspection(): UploadInspection {
    return { head: Buffer.concat(this.headChunks), utf8: this.validUtf8 };
  }

  private decode(chunk?: Buffer): void {
    try {
      if (chunk) this.decoder.decode(chunk, { stream: true });
      else this.decoder.decode();
    } catch {
      this.validUtf8 = false;
    }
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
 * The encoding and delimiter of an upload, or a 400 (field `file`) when it is empty or not text:
 * NUL bytes or other control characters mean a binary file (a spreadsheet, an image).
 */
export function inspectCsv(inspection: UploadInspection): CsvFormat & { sample: string } {
  const encoding: CsvEncoding = inspection.utf8 ? 'utf-8' : 'windows-1252';
  // A character cut at the end of the head is left out (stream), the BOM dropped.
  const sample = new TextDecoder(encoding).decode(inspection.head, { stream: true });
  if (sample.trim() === '') throw badRequest('file', fileRefusals.empty);
  if (hasNonTextControlCharacter(sample)) throw badRequest('file', fileRefusals.notCsv);
  const firstLine = sample.split(/\r?\n/, 1)[0] ?? '';
  return { encoding, delimiter: detectDelimiter(firstLine), sample };
}

/** A record of the file: its row number (the header is row 1) and its cells. */
export interface CsvRecord {
  rowNumber: number;
  cells: string[];
}

/** Reads the records of a file after the header; `onBytes` follows the bytes read (for progress). */
export async function* readCsvRecords(
  content: Readable,
  format: CsvFormat,
  onBytes: (bytesRead: number) => void = () => {},
): AsyncGenerator<CsvRecord> {
  async function* decoded() {
    const decoder = new TextDecoder(format.encoding);
    let bytes = 0;
    for await (const chunk of content) {
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
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      rowNumber += 1;
      if (rowNumber === 1) continue;
      yield { rowNumber, cells };
    }
  } finally {
    // A reader that stops early (cancel, stop) lets go of the file or the bucket's connection.
    content.destroy();
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
