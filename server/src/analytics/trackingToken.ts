import { createHmac, hash } from 'node:crypto';
import { encodeSignature, signatureMatches } from '../tokens/signature';

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
  let state = hmacStates.get(key);
  if (!state) {
    if (key.length > blockSize) return createHmac('sha256', key).update(message).digest();
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
  if (Buffer.byteLength(message) > maxMessageBytes) return createHmac('sha256', key).update(message).digest();
  const length = state.inner.write(message, blockSize);
  // Hex, not 'buffer': a one-shot digest into a new Buffer costs four times one into a string.
  state.outer.write(hash('sha256', state.inner.subarray(0, blockSize + length), 'hex'), blockSize, 'hex');
  return Buffer.from(hash('sha256', state.outer, 'hex'), 'hex');
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

/** The claim of a genuine token; undefined for anything forged, altered, truncated or malformed. */
export function verifyTrackingToken(key: Buffer, token: string): TrackingClaim | undefined {
  if (token.length > maxTrackingTokenLength) return undefined;
  const match = /^([A-Za-z0-9_-]{30,47})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return undefined;
  const [, payload, signed] = match;
  if (!signatureMatches(signed, signature(key, payload))) return undefined;
  const bytes = Buffer.from(payload, 'base64url');
  if (bytes.length < 23) return undefined;
  const hex = bytes.subarray(0, 16).toString('hex');
  const jobId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const position = bytes.readInt16BE(16);
  const sentAt = bytes.readUInt32BE(18);
  const kind = bytes.readUInt8(22);
  const tail = bytes.subarray(23);
  if (kind === 0 && tail.length === anonymousKeyBytes) {
    return { jobId, position, sentAt, key: { kind: 'anonymous', value: tail.toString('base64url') } };
  }
  if (kind === 1 && tail.length === 8) {
    const recipientId = Number(tail.readBigUInt64BE());
    if (!Number.isSafeInteger(recipientId) || recipientId <= 0) return undefined;
    return { jobId, position, sentAt, key: { kind: 'recipient', recipientId } };
  }
  return undefined;
}

export const anonymousKeyLength = anonymousKeyBytes;
