import { createHash } from 'node:crypto';
import type { EnvironmentInfo } from '../contract/environment';
import type { Database } from '../db/client';
import { findDefaultEnvironmentId } from './defaultEnvironment';

/** The answer of GET /api/1/environment/info as it is sent: JSON bytes and their ETag. */
export interface EnvironmentInfoAnswer {
  body: Buffer;
  etag: string;
}

/**
 * How long an answer is reused before the default environment is read again. The rest of the answer is
 * configuration; the default environment changes only when the platform's first environment is made or
 * the default one goes away, which the console may see this much later.
 */
export const environmentInfoTtlMs = 10_000;

/**
 * The environment info, read from the database at most once per `environmentInfoTtlMs` (and once for any
 * number of requests arriving together): every console start and reload asks it, an office behind one
 * address thousands of times a morning. Undefined while the platform has no environment (never cached,
 * so the first environment is seen at once).
 */
export function environmentInfoSource(
  db: Database,
  describe: (defaultEnvironmentId: string) => EnvironmentInfo,
  now: () => number = Date.now,
): () => Promise<EnvironmentInfoAnswer | undefined> {
  let cached: { answer: EnvironmentInfoAnswer; readAt: number } | undefined;
  let reading: Promise<EnvironmentInfoAnswer | undefined> | undefined;
  const read = async () => {
    const readAt = now();
    const id = await findDefaultEnvironmentId(db);
    if (!id) return undefined;
    const body = Buffer.from(JSON.stringify(describe(id)));
    const answer = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
    cached = { answer, readAt };
    return answer;
  };
  return async () => {
    if (cached && now() - cached.readAt < environmentInfoTtlMs) return cached.answer;
    reading ??= read().finally(() => (reading = undefined));
    return reading;
  };
}
