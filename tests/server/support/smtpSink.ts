import { SMTPServer } from 'smtp-server';

/** A message the sink accepted: the envelope recipient, its headers (unfolded, lower-case names) and source. */
export interface SunkMessage {
  to: string;
  /** The envelope sender (MAIL FROM), which becomes the Return-Path. */
  from: string;
  headers: Record<string, string>;
  source: string;
}

export interface SmtpSink {
  url: string;
  /** Messages answered with 250: what the sending side may count as delivered. */
  accepted: SunkMessage[];
  /** Messages received but not yet answered (see `hold`). */
  held(): number;
  /**
   * From now on, leave every message unanswered (as a server would while the sender dies). With `stored`,
   * keep each such message among `accepted` too: the server stored it, and the sender dies before its
   * '250 OK' (the one window no SMTP client can close).
   */
  hold(options?: { stored?: boolean }): void;
  /** Accept `count` more messages, then hold (as `hold`): a test stops the sender at an exact point. */
  holdAfter(count: number): void;
  /** Answer messages again (those held stay unanswered: their connections are gone). */
  resume(): void;
  /**
   * Answer RCPT TO for `address` with `reply` (e.g. '550 5.1.1 User unknown'), `times` times (always when
   * left out), as a receiving server refuses an unknown or a greylisted address.
   */
  refuseRecipient(address: string, reply: string, times?: number): void;
  close(): Promise<void>;
}

/** The header block of a message, unfolded, by lower-case name. */
export function parseHeaders(source: string): Record<string, string> {
  const block = source.split(/\r?\n\r?\n/, 1)[0].replace(/\r?\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** An SMTP server on 127.0.0.1 that keeps what it accepts in memory, for delivery tests and the benchmark. */
export async function startSmtpSink(options: { keepSource?: boolean } = {}): Promise<SmtpSink> {
  const accepted: SunkMessage[] = [];
  let holding = false;
  /** With hold({ stored: true }): held messages are kept among `accepted`. */
  let storeHeld = false;
  /** With holdAfter: the number of accepted messages from which the sink holds. */
  let holdFrom = Infinity;
  let held = 0;
  const refusals = new Map<string, { code: number; text: string; left: number }>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onRcptTo(address, _session, callback) {
      const refusal = refusals.get(address.address.toLowerCase());
      if (!refusal || refusal.left <= 0) return callback();
      refusal.left -= 1;
      callback(Object.assign(new Error(refusal.text), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const holds = holding || accepted.length >= holdFrom;
        if (holds) held += 1;
        if (holds && !storeHeld) return;
        const data = Buffer.concat(chunks);
        // Without the source, the headers are parsed from a copy of the header block alone: substrings
        // of the whole source would keep every source alive (27 kB a message in the send benchmark).
        const source = options.keepSource === false ? '' : data.toString('utf8');
        const headerEnd = data.indexOf('\r\n\r\n');
        accepted.push({
          to: session.envelope.rcptTo[0]?.address ?? '',
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          headers: parseHeaders(source || data.toString('utf8', 0, headerEnd < 0 ? data.length : headerEnd)),
          source,
        });
        if (!holds) callback();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    held: () => held,
    hold: (holdOptions) => {
      holding = true;
      storeHeld = holdOptions?.stored === true;
    },
    holdAfter: (count) => {
      holdFrom = accepted.length + count;
    },
    resume: () => {
      holding = false;
      storeHeld = false;
      holdFrom = Infinity;
    },
    refuseRecipient: (address, reply, times = Infinity) => {
      const [, code, text] = /^(\d{3}) (.*)$/.exec(reply) ?? [];
      refusals.set(address.toLowerCase(), { code: Number(code), text, left: times });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
