import { Transform, type TransformCallback } from 'node:stream';
import { parse, type Parser } from 'csv-parse';
import { detectDelimiter } from './importCsv';

// Rows of an export whose person opted out in the tool the list comes from: Laposta's and listmonk's
// status column ('unsubscribed', 'blocklisted'), a generic 'status' column, and Mailchimp's exports of
// unsubscribed and cleaned members (a filled UNSUB_TIME or CLEAN_TIME). An import never makes them
// active recipients: they become the environment's unsubscribers, or are left out (importMapping.ts).

/** The column telling who opted out, and the tool the file comes from (named in the unsubscriber's cause). */
export interface OptOutColumn {
  column: number;
  /** status: the cell holds a status; time: any text in the cell (a date) means opted out. */
  kind: 'status' | 'time';
  tool: string;
}

const headerKey = (header: string) => header.toLowerCase().replace(/[\s\-_.\uFEFF]/g, '');

const statusHeaders = new Set(['status', 'subscriptionstatus', 'subscriberstatus', 'emailmarketingstatus']);
const timeHeaders = new Set(['unsubtime', 'cleantime']);
/** Statuses (lower case) of people who said no, or whose address the tool gave up on. */
const optedOutStatuses = new Set([
  'unsubscribed',
  'unsubscribe',
  'afgemeld',
  'uitgeschreven',
  'blocklisted',
  'blacklisted',
  'cleaned',
  'opgeschoond',
]);

/** The tool whose export the header is, recognised by the columns only it writes. */
function toolOf(keys: readonly string[]): string {
  const has = (key: string) => keys.includes(key);
  if (has('uuid') && (has('attributes') || has('attribs'))) return 'listmonk';
  if (has('memberrating') || has('leid') || has('euid') || has('unsubtime') || has('cleantime'))
    return 'Mailchimp';
  if (has('emailadres') || has('aangemeldop')) return 'Laposta';
  return 'het importbestand';
}

/** The header's opt-out column, or null when the file has none. */
export function optOutColumn(header: readonly string[]): OptOutColumn | null {
  const keys = header.map(headerKey);
  const tool = toolOf(keys);
  const time = keys.findIndex((key) => timeHeaders.has(key));
  if (time >= 0) return { column: time, kind: 'time', tool };
  const status = keys.findIndex((key) => statusHeaders.has(key));
  return status >= 0 ? { column: status, kind: 'status', tool } : null;
}

export function isOptedOut(cells: readonly string[], optOut: OptOutColumn): boolean {
  const cell = (cells[optOut.column] ?? '').trim();
  return optOut.kind === 'time' ? cell !== '' : optedOutStatuses.has(cell.toLowerCase());
}

/** Why an opted-out row became an unsubscriber, as staff read it beside the cause. */
export const optedOutCause = (optOut: OptOutColumn) => `Import: afgemeld in ${optOut.tool}`;

/**
 * Passes an upload through unchanged and counts its opted-out rows on the way (the preview tells staff
 * how many before they choose). The bytes are read as Latin-1: the header names, statuses and
 * delimiters are ASCII, which both UTF-8 and Windows-1252 keep as they are.
 */
export class OptedOutRowCounter extends Transform {
  private parser: Parser | undefined;
  private head: Buffer[] = [];
  private optOut: OptOutColumn | null = null;
  private header = true;
  private unreadable = false;
  private count = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.unreadable) return callback(null, chunk);
    if (this.parser) this.parser.write(chunk);
    else {
      // The delimiter is read from the first line: wait for its end.
      this.head.push(chunk);
      if (chunk.includes(10)) this.startParser();
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    if (!this.parser) this.startParser();
    if (this.unreadable) return callback();
    const parser = this.parser as Parser;
    parser.once('end', () => callback());
    parser.once('error', () => callback());
    parser.end();
  }

  /** The column and how many rows it marks as opted out; null when there is none (or the file is no CSV). */
  counted(): (OptOutColumn & { rows: number }) | null {
    return this.optOut && !this.unreadable ? { ...this.optOut, rows: this.count } : null;
  }

  private startParser(): void {
    const head = Buffer.concat(this.head);
    this.head = [];
    const firstLine = head.toString('latin1').split(/\r?\n/, 1)[0] ?? '';
    this.parser = parse({
      delimiter: detectDelimiter(firstLine),
      encoding: 'latin1',
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: 1024 * 1024,
    });
    this.parser.on('data', (cells: string[]) => {
      if (this.header) {
        this.header = false;
        this.optOut = optOutColumn(cells);
      } else if (this.optOut && isOptedOut(cells, this.optOut)) this.count += 1;
    });
    // An unreadable file is refused by the preview itself; the count just stops.
    this.parser.on('error', () => (this.unreadable = true));
    this.parser.write(head);
  }
}
