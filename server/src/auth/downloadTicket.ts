import { createHmac } from 'node:crypto';
import { encodeSignature, signatureMatches } from '../tokens/signature';

// A download ticket lets the browser itself fetch one file (a list export, a form's answers, a media
// file) by following a link, so the bytes stream to disk through the browser's own download machinery
// instead of into the console's memory. A navigation carries no bearer token, so the console first asks
// for a ticket with its token (routes/downloads.ts) and puts it in the link: `…/export?ticket=…`.
//
// The ticket names the user, the environment and the exact path, and when it expires (a minute later),
// signed with HMAC-SHA256 under a server secret that serves nothing else. Anyone holding it can fetch that
// one path as that user until it expires, no other: changing any character makes the check fail. The
// environment scope (routes/scope.ts) accepts it only on GET routes declared `x-download`.

export const downloadTicketSeconds = 60;

/** Tickets longer than this are refused unread (a path of ~2,000 characters fits). */
const maxTicketLength = 4096;
const version = 'v1';

export interface DownloadTicketClaims {
  userId: string;
  /** Lower case. */
  environmentId: string;
  /** Canonical (see `canonicalDownloadPath`). */
  path: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

/** Why a ticket was refused: unreadable, not signed by this server, too late, or for another download. */
export type TicketRefusal = 'malformed' | 'forged' | 'expired' | 'elsewhere';

function signature(key: Buffer, payload: string): Buffer {
  // The purpose is part of what is signed, so a signature made for anything else never fits here.
  return createHmac('sha256', key).update(`download-ticket:${version}:${payload}`).digest();
}

/** `v1.{claims as base64url JSON}.{base64url signature}` */
export function signDownloadTicket(key: Buffer, claims: DownloadTicketClaims): string {
  const payload = Buffer.from(
    JSON.stringify([claims.userId, claims.environmentId, claims.path, claims.expiresAt]),
  ).toString('base64url');
  return `${version}.${payload}.${encodeSignature(signature(key, payload))}`;
}

/**
 * The user a ticket speaks for, when it is genuine, not expired (`now` in milliseconds) and made for this
 * environment and path; otherwise why not.
 */
export function checkDownloadTicket(
  key: Buffer,
  ticket: string,
  expected: { environmentId: string; path: string; now: number },
): { userId: string } | { refusal: TicketRefusal } {
  if (ticket.length > maxTicketLength) return { refusal: 'malformed' };
  const match = /^v1\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(ticket);
  if (!match) return { refusal: 'malformed' };
  const [, payload, signed] = match;
  // Only the canonical spelling of the signature passes (tokens/signature.ts).
  if (!signatureMatches(signed, signature(key, payload))) return { refusal: 'forged' };
  const claims = readClaims(payload);
  if (!claims) return { refusal: 'malformed' };
  if (expected.now >= claims.expiresAt * 1000) return { refusal: 'expired' };
  if (claims.environmentId !== expected.environmentId || claims.path !== expected.path)
    return { refusal: 'elsewhere' };
  return { userId: claims.userId };
}

function readClaims(payload: string): DownloadTicketClaims | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 4) return undefined;
    const [userId, environmentId, path, expiresAt] = value as unknown[];
    if (typeof userId !== 'string' || typeof environmentId !== 'string' || typeof path !== 'string')
      return undefined;
    if (typeof expiresAt !== 'number' || !Number.isSafeInteger(expiresAt)) return undefined;
    return { userId, environmentId, path, expiresAt };
  } catch {
    return undefined;
  }
}

/**
 * A path with its query as both sides compare it: parsed as a URL (so a space and `%20`, or `é` and
 * `%C3%A9`, are one path), the `ticket` parameter left out, the other parameters kept in their order.
 */
export function canonicalDownloadPath(pathAndQuery: string): string {
  const url = new URL(pathAndQuery, 'https://download.invalid');
  url.searchParams.delete('ticket');
  return `${url.pathname}${url.search}`;
}

/** The link that fetches `path` with the ticket. */
export function withTicket(path: string, ticket: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}ticket=${encodeURIComponent(ticket)}`;
}
