import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AddressObject } from 'mailparser';

/** One caught message in a list: who it went to, what about, when. */
export interface CaughtMessageSummary {
  id: string;
  from: string;
  to: string;
  subject: string;
  /** When the catcher received it (ISO 8601). */
  receivedAt: string;
}

/** One caught message in full: its headers as they arrived, the text part and the HTML part. */
export interface CaughtMessage extends CaughtMessageSummary {
  headers: Array<{ name: string; value: string }>;
  text: string | null;
  html: string | null;
}

export interface MessageStore {
  /** Writes the raw message (temp file + rename: a crash leaves nothing half-written); answers its id. */
  save(raw: Buffer, environmentId: string | undefined): Promise<string>;
  /**
   * A page of the environment's messages, newest first, and how many it has; with `search`, only those
   * whose recipient or subject contains it (ignoring case).
   */
  list(
    environmentId: string,
    offset: number,
    limit: number,
    search?: string,
  ): Promise<{ data: CaughtMessageSummary[]; total: number }>;
  /** One of the environment's messages, or undefined (also when it belongs to another environment). */
  read(environmentId: string, id: string): Promise<CaughtMessage | undefined>;
}

export interface MessageStoreOptions {
  /** The folder of the .eml files (created when missing). */
  directory: string;
  /** Messages kept; beyond it the oldest go. */
  maxStoredMessages: number;
  /** The clock that names files (tests pass their own). */
  now?: () => Date;
}

// A file is `<received ms, 15 digits>-<12 hex>.<environment id | platform>.eml`: sorting names sorts by
// arrival, and the environment in the name lets a list skip other environments' files unread.
const idPattern = /^\d{15}-[0-9a-f]{12}$/;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const noEnvironment = 'platform';
const temporaryPrefix = '.incoming-';
/** A list reads only the header block of each message, at most this much of the file. */
const summaryReadBytes = 64 * 1024;

/**
 * The embedded catcher's storage: one raw .eml file per message in a folder of the data directory, bounded
 * in number. Several processes (server and worker) may write into one folder: names never collide, and
 * each prunes what it finds.
 */
export async function openMessageStore(options: MessageStoreOptions): Promise<MessageStore> {
  const { directory, maxStoredMessages } = options;
  const now = options.now ?? (() => new Date());
  await mkdir(directory, { recursive: true });
  // Leftovers of a crash mid-write were never a message: remove them.
  const names = await readdir(directory);
  await Promise.all(
    names
      .filter((name) => name.startsWith(temporaryPrefix))
      .map((name) => unlink(path.join(directory, name))),
  );
  let stored = names.filter(isMessageFile).length;
  let pruning: Promise<void> | undefined;

  /**
   * Removes the oldest files down to 90% of the bound: one directory read per tenth of the bound, not one
   * per message, so a large bound costs little per message.
   */
  async function prune(): Promise<void> {
    const files = (await readdir(directory)).filter(isMessageFile).sort();
    const excess = files.length - Math.floor(maxStoredMessages * 0.9);
    const oldest = excess > 0 ? files.slice(0, excess) : [];
    await Promise.all(oldest.map((name) => unlink(path.join(directory, name)).catch(ignoreMissing)));
    stored = files.length - oldest.length;
  }

  /** The path of an environment's message; undefined for ids and environments no file can have. */
  function fileOf(environmentId: string, id: string): string | undefined {
    if (!idPattern.test(id) || !uuidPattern.test(environmentId)) return undefined;
    return path.join(directory, `${id}.${environmentId}.eml`);
  }

  return {
    async save(raw, environmentId) {
      const owner =
        environmentId && uuidPattern.test(environmentId.toLowerCase())
          ? environmentId.toLowerCase()
          : noEnvironment;
      const id = `${String(now().getTime()).padStart(15, '0')}-${randomBytes(6).toString('hex')}`;
      const temporary = path.join(directory, `${temporaryPrefix}${id}`);
      await writeFile(temporary, raw);
      await rename(temporary, path.join(directory, `${id}.${owner}.eml`));
      stored += 1;
      if (stored > maxStoredMessages && !pruning) {
        pruning = prune().finally(() => (pruning = undefined));
        await pruning;
      }
      return id;
    },

    async list(environmentId, offset, limit, search) {
      const suffix = `.${environmentId.toLowerCase()}.eml`;
      const files = (await readdir(directory))
        .filter((name) => isMessageFile(name) && name.endsWith(suffix))
        .sort()
        .reverse();
      if (!search?.trim()) {
        const page = files.slice(offset, offset + limit);
        const data = await Promise.all(page.map((name) => summaryOf(path.join(directory, name))));
        return { data: data.filter((summary) => summary !== undefined), total: files.length };
      }
      // A search reads every header block of the environment: the store's bound keeps that small.
      const wanted = search.trim().toLowerCase();
      const summaries = await Promise.all(files.map((name) => summaryOf(path.join(directory, name))));
      const found = summaries.filter(
        (summary): summary is CaughtMessageSummary =>
          summary !== undefined &&
          (summary.to.toLowerCase().includes(wanted) || summary.subject.toLowerCase().includes(wanted)),
      );
      return { data: found.slice(offset, offset + limit), total: found.length };
    },

    async read(environmentId, id) {
      const file = fileOf(environmentId.toLowerCase(), id);
      // Another environment's message has another name, so it is as absent as a pruned one.
      const raw = file ? await readFile(file).catch(ignoreMissing) : undefined;
      if (!raw) return undefined;
      const parsed = await (await mailParser())(raw, { skipImageLinks: true });
      return {
        ...summaryFields(id, parsed),
        headers: parsed.headerLines.map(({ line }) => headerOf(line)),
        text: parsed.text ?? null,
        html: typeof parsed.html === 'string' ? parsed.html : null,
      };
    },
  };
}

/** mailparser (~7 MB of heap) loads when someone first opens the catcher's inbox, not at server start. */
async function mailParser() {
  return (await import('mailparser')).simpleParser;
}

function isMessageFile(name: string): boolean {
  return name.endsWith('.eml') && idPattern.test(name.slice(0, name.indexOf('.')));
}

/** The summary from the header block only: a list never parses bodies or attachments. */
async function summaryOf(file: string): Promise<CaughtMessageSummary | undefined> {
  const handle = await open(file).catch(() => undefined);
  if (!handle) return undefined; // pruned in between
  try {
    const buffer = Buffer.alloc(summaryReadBytes);
    const { bytesRead } = await handle.read(buffer, 0, summaryReadBytes, 0);
    const head = buffer.subarray(0, bytesRead).toString('latin1');
    const end = head.search(/\r?\n\r?\n/);
    const headerBlock = Buffer.from(end >= 0 ? head.slice(0, end) : head, 'latin1');
    const parsed = await (await mailParser())(Buffer.concat([headerBlock, Buffer.from('\r\n\r\n')]));
    return summaryFields(path.basename(file).slice(0, path.basename(file).indexOf('.')), parsed);
  } finally {
    await handle.close();
  }
}

function summaryFields(
  id: string,
  parsed: { from?: AddressObject; to?: AddressObject | AddressObject[]; subject?: string },
): CaughtMessageSummary {
  const to = Array.isArray(parsed.to)
    ? parsed.to.map((address) => address.text).join(', ')
    : (parsed.to?.text ?? '');
  return {
    id,
    from: parsed.from?.text ?? '',
    to,
    subject: parsed.subject ?? '',
    receivedAt: new Date(Number(id.slice(0, 15))).toISOString(),
  };
}

/** `Name: value` of a raw header line, folded lines joined. */
function headerOf(line: string): { name: string; value: string } {
  const colon = line.indexOf(':');
  return {
    name: line.slice(0, colon).trim(),
    value: line
      .slice(colon + 1)
      .replace(/\r?\n[ \t]+/g, ' ')
      .trim(),
  };
}

function ignoreMissing(error: NodeJS.ErrnoException): undefined {
  if (error.code !== 'ENOENT') throw error;
  return undefined;
}
