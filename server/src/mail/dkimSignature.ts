import { createHash, sign } from 'node:crypto';
import type { DkimSigning } from './mailer';

// The DKIM-Signature header of a message mimeMessage.ts writes (RFC 6376, rsa-sha256, relaxed/relaxed),
// computed here instead of by nodemailer's signer. nodemailer streams the finished source through a header
// parser and a relaxed-body transform that looks at every byte (13 % of the worker's CPU per message in the
// send benchmark, docs/performance.md). This body is already canonical under 'relaxed': its lines are base64,
// MIME boundaries and fixed part headers, without trailing or repeated whitespace, and it ends in one CRLF;
// so its hash is one native SHA-256 of the body as written, and the key object parsed once per job signs.

/** One header as written: its name and its value (which may be folded with CRLF + space). */
export type HeaderField = readonly [name: string, value: string];

/** The header line (without CRLF) that goes first in the message. */
export function dkimSignatureHeader(
  headers: readonly HeaderField[],
  body: Buffer,
  dkim: DkimSigning,
  signedHeaderNames: string,
): string {
  const bodyHash = createHash('sha256').update(body).digest('base64');
  const present = new Map(headers.map(([name, value]) => [name.toLowerCase(), value]));
  // RFC 6376 §5.4: only headers the message has are listed (each once, as it has each once).
  const names = signedHeaderNames
    .split(':')
    .map((name) => name.toLowerCase())
    .filter((name) => present.has(name));
  const tags = `v=1; a=rsa-sha256; c=relaxed/relaxed; d=${dkim.domainName}; q=dns/txt; s=${dkim.keySelector};\r\n bh=${bodyHash};\r\n h=${names.join(':')};\r\n b=`;
  const signedData =
    names.map((name) => `${name}:${relaxed(present.get(name)!)}\r\n`).join('') +
    `dkim-signature:${relaxed(tags)}`;
  const signature = sign('sha256', Buffer.from(signedData, 'utf8'), dkim.privateKey).toString('base64');
  return `DKIM-Signature: ${tags}${fold(signature)}`;
}

/** Relaxed header canonicalization (RFC 6376 §3.4.2) of a value: unfolded, whitespace runs as one space, trimmed. */
function relaxed(value: string): string {
  return value
    .replace(/\r\n/g, '')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

/** The signature in lines of 72 characters: whitespace inside b= is ignored by verifiers (§3.5). */
function fold(signature: string): string {
  const lines: string[] = [];
  for (let start = 0; start < signature.length; start += 72) lines.push(signature.slice(start, start + 72));
  return lines.join('\r\n ');
}
