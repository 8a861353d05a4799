import { randomUUID } from 'node:crypto';
import type { OutgoingMessage } from './mailer';

// The MIME source of one message, written directly: headers, and a multipart/alternative body with the text
// and HTML parts in base64. nodemailer's composer did the same through a chain of streams, scanning and
// quoted-printable-encoding every body byte by byte: 30 % of the worker's CPU per message in the send
// benchmark (docs/performance.md). Here a message costs two Buffer base64 encodings and a join.

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
  const lines = [
    `From: ${encodeAddress(message.from)}`,
    ...(message.replyTo ? [`Reply-To: ${encodeAddress(message.replyTo)}`] : []),
    `To: ${message.toName ? encodeAddress(`${message.toName.replace(/[<>\r\n]/g, '')} <${message.to}>`) : message.to}`,
    `Subject: ${encodeWords(message.subject)}`,
    `Date: ${date.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: ${messageId}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${encodeWords(value)}`),
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(message.text),
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(message.html),
    `--${boundary}--`,
    '',
  ];
  return {
    source: Buffer.from(lines.join('\r\n'), 'utf8'),
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

/** Base64 of the UTF-8 text in lines of 76 characters (RFC 2045). */
function base64Lines(text: string): string {
  const encoded = Buffer.from(text, 'utf8').toString('base64');
  const lines: string[] = [];
  for (let start = 0; start < encoded.length; start += 76) lines.push(encoded.slice(start, start + 76));
  return lines.join('\r\n');
}
