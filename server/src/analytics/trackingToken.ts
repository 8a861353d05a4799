import { createHmac, hash } from 'node:crypto';
import { encodeSignature, signatureTextMatches } from '../tokens/signature';

// The token of a pixel (`/t/o/{token}.gif`) and a wrapped link (`/t/c/{token}`): the job, the link's
// position (-1 for the pixel), when the message was sent (seconds; a click seconds after delivery is a
// scanner's) and the message key, signed with HMAC-SHA256 cut to 128 bits. The key is either a random
// value that is stored nowhere else ('Alleen totalen': unique counts without identity) or the recipient
// row id (personal modes). Changing any character makes the check fail.

/** The server secret (delivery/serverSecret.ts) tokens are signed with. */
export const trackingKeyName = 'tracking-token';

export type MessageKey = { kind: 'anonymous'; value: string } | { kind: 'recipient'; recipientId: number };

export interface TrackingClaim {
  jobId: string;
  position: number;
  sentAt: number;
  key: MessageKey;
}

/** Longest token accepted: 16 + 2 + 4 + 1 + 12 bytes in base64url, a dot and 22 signature characters. */
export const maxTrackingTokenLength = 47 + 1 + 22;

const anonymousKeyBytes = 12;

function signature(key: Buffer, payload: string): Buffer {
  return hmacSha256(key, `track:${payload}`).subarray(0, 16);
}

const base64urlAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * The token's spelling of `signature(key, payload)` (encodeSignature), without a Buffer: the outer hash
 * digested into base64url (43 characters for 32 bytes). Its first 21 characters are the first 126 bits;
 * the 22nd of 16 bytes carries their last 2 bits and four zero bits, where the 32 bytes' carries the next
 * byte's first four: masked off.
 */
function signatureText(key: Buffer, payload: string): string {
  const outer = outerPad(key, `track:${payload}`);
  const digest = outer
    ? hash('sha256', outer, 'base64url')
    : hmacSha256(key, `track:${payload}`).toString('base64url');
  return digest.slice(0, 21) + base64urlAlphabet[base64urlAlphabet.indexOf(digest[21]) & 0b110000];
}

/** SHA-256's block size: HMAC pads the key to it. */
const blockSize = 64;
/** Longest message the pads' scratch space holds (a token's is at most 53 bytes); longer ones use createHmac. */
const maxMessageBytes = 128;
const hmacStates = new WeakMap<Buffer, { inner: Buffer; outer: Buffer }>();

/**
 * HMAC-SHA256 (RFC 2104: H(K ⊕ opad ‖ H(K ⊕ ipad ‖ m))) with the key's two pads made once per key, so a
 * token costs two one-shot hashes: an Hmac object's set-up cost the tracking endpoints more than
 * anything else of theirs (docs/performance.md, "Tracking endpoints"). The same bytes as
 * `createHmac('sha256', key)` (a unit test compares them). Not reentrant, and it need not be: synchronous.
 */
export function hmacSha256(key: Buffer, message: string): Buffer {
  const outer = outerPad(key, message);
  if (!outer) return createHmac('sha256', key).update(message).digest();
  return Buffer.from(hash('sha256', outer, 'hex'), 'hex');
}

/**
 * The outer hash's input, K ⊕ opad ‖ H(K ⊕ ipad ‖ m), in the key's scratch space (valid until the next
 * call); undefined for a key longer than a block or a message longer than the scratch space.
 */
function outerPad(key: Buffer, message: string): Buffer | undefined {
  let state = hmacStates.get(key);
  if (!state) {
    if (key.length > blockSize) return undefined;
    state = {
      inner: Buffer.alloc(blockSize + maxMessageBytes, 0x36),
      outer: Buffer.alloc(blockSize + 32, 0x5c),
    };
    for (let index = 0; index < key.length; index++) {
      state.inner[index] ^= key[index];
      state.outer[index] ^= key[index];
    }
    hmacStates.set(key, state);
  }
  if (message.length > maxMessageBytes || Buffer.byteLength(message) > maxMessageBytes) return undefined;
  const length = state.inner.write(message, blockSize);
  // Hex, not 'buffer': a one-shot digest into a new Buffer costs four times one into a string.
  state.outer.write(hash('sha256', state.inner.subarray(0, blockSize + length), 'hex'), blockSize, 'hex');
  return state.outer;
}

function payloadOf(claim: TrackingClaim): string {
  const job = Buffer.from(claim.jobId.replace(/-/g, ''), 'hex');
  const head = Buffer.alloc(7);
  head.writeInt16BE(claim.position, 0);
  head.writeUInt32BE(claim.sentAt, 2);
  let tail: Buffer;
  if (claim.key.kind === 'anonymous') {
    head.writeUInt8(0, 6);
    tail = Buffer.from(claim.key.value, 'base64url');
  } else {
    head.writeUInt8(1, 6);
    tail = Buffer.alloc(8);
    tail.writeBigUInt64BE(BigInt(claim.key.recipientId));
  }
  return Buffer.concat([job, head, tail]).toString('base64url');
}

export function signTrackingToken(key: Buffer, claim: TrackingClaim): string {
  const payload = payloadOf(claim);
  return `${payload}.${encodeSignature(signature(key, payload))}`;
}

const tokenShape = /^[A-Za-z0-9_-]{30,47}\.[A-Za-z0-9_-]{22}$/;
/** A token's payload bytes (at most 35), decoded here: verifying is synchronous, so one suffices. */
const payloadBytes = Buffer.alloc(48);

/**
 * The claim of a genuine token; undefined for anything forged, altered, truncated or malformed. Every
 * open and click verifies one: the signature is compared as text and the payload decoded into scratch
 * space, without a Buffer a token (docs/performance.md, "Tracking endpoints").
 */
export function verifyTrackingToken(key: Buffer, token: string): TrackingClaim | undefined {
  if (token.length > maxTrackingTokenLength || !tokenShape.test(token)) return undefined;
  const dot = token.length - 23;
  const payload = token.slice(0, dot);
  if (!signatureTextMatches(token, dot + 1, signatureText(key, payload))) return undefined;
  const bytes = payloadBytes;
  const length = bytes.write(payload, 'base64url');
  if (length < 23) return undefined;
  const hex = bytes.toString('hex', 0, 16);
  const jobId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const position = bytes.readInt16BE(16);
  const sentAt = bytes.readUInt32BE(18);
  const kind = bytes.readUInt8(22);
  const tailLength = length - 23;
  if (kind === 0 && tailLength === anonymousKeyBytes) {
    return {
      jobId,
      position,
      sentAt,
      key: { kind: 'anonymous', value: bytes.toString('base64url', 23, length) },
    };
  }
  if (kind === 1 && tailLength === 8) {
    const recipientId = Number(bytes.readBigUInt64BE(23));
    if (!Number.isSafeInteger(recipientId) || recipientId <= 0) return undefined;
    return { jobId, position, sentAt, key: { kind: 'recipient', recipientId } };
  }
  return undefined;
}

export const anonymousKeyLength = anonymousKeyBytes;
