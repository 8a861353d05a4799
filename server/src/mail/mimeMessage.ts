import { randomUUID } from 'node:crypto';
import { dkimSignatureHeader, type HeaderField } from './dkimSignature';
import { dkimSignedHeaders, type OutgoingMessage } from './mailer';

// The MIME source of one message, written directly: headers, and a multipart/alternative body with the text
// and HTML parts in base64. nodemailer's composer did the same through a chain of streams, scanning and
// quoted-printable-encoding every body byte by byte: 30 % of the worker's CPU per message in the send
// benchmark (docs/performance.md). Here a message costs two Buffer base64 encodings and a join; with a DKIM
// key, one SHA-256 of the body and one signature (dkimSignature.ts).

/** The message's source and its envelope, as nodemailer's `raw` option takes them. */
export interface MimeMessage {
  /**
   * UTF-8 bytes, not a string. As a string nearly every source was promoted to V8's old generation
   * while nodemailer streamed it, and freed only once that had grown to about four times its live size:
   * 300 MB more RSS during a job. A Buffer's bytes live outside the V8 heap, and V8 collects as soon as
   * they have grown by about 64 MB (docs/performance.md, "Sending delivery jobs").
   */
  source: Buffer;
  envelope: { from: string; to: string };
  messageId: string;
}

export function mimeMessage(message: OutgoingMessage, date: Date = new Date()): MimeMessage {
  const headers = { ...message.headers };
  const messageIdKey = Object.keys(headers).find((name) => name.toLowerCase() === 'message-id');
  const messageId = messageIdKey ? headers[messageIdKey] : `<${randomUUID()}@${domainOf(message.from)}>`;
  if (messageIdKey) delete headers[messageIdKey];
  const boundary = `--_dpp_${randomUUID()}`;
  const attachments = message.attachments ?? [];
  const mixed = attachments.length > 0 ? `--_dpp_mixed_${randomUUID()}` : undefined;
  const fields: HeaderField[] = [
    ['From', encodeAddress(message.from)],
    ...(message.replyTo ? [['Reply-To', encodeAddress(message.replyTo)] as const] : []),
    [
      'To',
      message.toName
        ? encodeAddress(`${message.toName.replace(/[<>\r\n]/g, '')} <${message.to}>`)
        : message.to,
    ],
    ['Subject', encodeWords(message.subject)],
    ['Date', date.toUTCString().replace('GMT', '+0000')],
    ['Message-ID', messageId],
    ...Object.entries(headers).map(([name, value]) => [name, encodeWords(value)] as const),
    ['MIME-Version', '1.0'],
    // Attachments (an invitation's calendar entry) make the body multipart/mixed around the alternative.
    [
      'Content-Type',
      mixed ? `multipart/mixed; boundary="${mixed}"` : `multipart/alternative; boundary="${boundary}"`,
    ],
  ];
  // The body is ASCII (MIME lines and base64), assembled as bytes: each part's base64 is copied into
  // lines of 76 without a string per line, and the same bytes are hashed for DKIM and sent.
  const part = (type: string) =>
    `--${boundary}\r\nContent-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n`;
  const body = Buffer.concat([
    ...(mixed
      ? [
          Buffer.from(
            `--${mixed}\r\nContent-Type: multipart/alternative; boundary="${boundary}"\r\n\r\n`,
            'latin1',
          ),
        ]
      : []),
    Buffer.from(part('text/plain'), 'latin1'),
    base64Lines(message.text),
    Buffer.from(`\r\n${part('text/html')}`, 'latin1'),
    base64Lines(message.html),
    Buffer.from(`\r\n--${boundary}--\r\n`, 'latin1'),
    ...attachments.flatMap((attachment) => [
      Buffer.from(
        `--${mixed}\r\nContent-Type: ${attachment.contentType}\r\n` +
          `Content-Disposition: attachment; filename="${attachment.filename.replace(/["\\\r\n]/g, '')}"\r\n` +
          'Content-Transfer-Encoding: base64\r\n\r\n',
        'utf8',
      ),
      base64Lines(attachment.content),
      Buffer.from('\r\n', 'latin1'),
    ]),
    ...(mixed ? [Buffer.from(`--${mixed}--\r\n`, 'latin1')] : []),
  ]);
  const lines = fields.map(([name, value]) => `${name}: ${value}`);
  if (message.dkim) lines.unshift(dkimSignatureHeader(fields, body, message.dkim, dkimSignedHeaders));
  return {
    source: Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8'), body]),
    envelope: { from: message.envelopeFrom ?? addressOf(message.from), to: message.to },
    messageId,
  };
}

/** The address of 'Name <address>' or of a bare address. */
export function addressOf(mailbox: string): string {
  return /<([^<>]+)>\s*$/.exec(mailbox)?.[1] ?? mailbox.trim();
}

function domainOf(mailbox: string): string {
  return addressOf(mailbox).split('@')[1] ?? 'localhost';
}

/** 'Name <address>' with the name as an RFC 2047 encoded word when it is not plain ASCII. */
function encodeAddress(mailbox: string): string {
  const named = /^(.*?)\s*<([^<>]+)>\s*$/.exec(mailbox);
  if (!named || !named[1]) return addressOf(mailbox);
  const name = named[1].replace(/^"(.*)"$/, '$1');
  const shown = isPlainAscii(name) ? `"${name.replace(/["\\]/g, '\\$&')}"` : encodeWords(name);
  return `${shown} <${named[2]}>`;
}

/**
 * A header value as is when it is plain printable ASCII, otherwise as RFC 2047 base64 encoded words of at
 * most 75 characters each (whole characters per word), folded onto continuation lines.
 */
export function encodeWords(value: string): string {
  if (isPlainAscii(value)) return value;
  const words: string[] = [];
  let chunk = '';
  for (const character of value) {
    // 45 bytes of UTF-8 make 60 base64 characters: with '=?utf-8?B?' and '?=' 72, under the 75 allowed.
    if (Buffer.byteLength(chunk + character) > 45) {
      words.push(chunk);
      chunk = '';
    }
    chunk += character;
  }
  if (chunk) words.push(chunk);
  return words.map((word) => `=?utf-8?B?${Buffer.from(word).toString('base64')}?=`).join('\r\n ');
}

function isPlainAscii(value: string): boolean {
  return /^[\x20-\x7e]*$/.test(value);
}

/** Base64 of the UTF-8 text in lines of 76 characters (RFC 2045), as bytes, without a final line break. */
function base64Lines(text: string): Buffer {
  const encoded = Buffer.from(Buffer.from(text, 'utf8').toString('base64'), 'latin1');
  const breaks = Math.max(0, Math.ceil(encoded.length / 76) - 1);
  const lines = Buffer.allocUnsafe(encoded.length + 2 * breaks);
  let at = 0;
  for (let start = 0; start < encoded.length; start += 76) {
    if (start > 0) at = lines.writeUInt16BE(0x0d0a, at);
    at += encoded.copy(lines, at, start, Math.min(start + 76, encoded.length));
  }
  return lines;
}
