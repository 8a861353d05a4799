import type { EnvironmentInfo } from '@contract/environment';

const requiredFields = ['id', 'clientId', 'authority', 'apiScope', 'cdnBase'] as const;

/** The environment info could not be had; the start-up screen offers a retry. */
export class EnvironmentInfoError extends Error {
  /** `serverMessage`: the server's own Dutch explanation, e.g. a platform without environments (503). */
  constructor(
    readonly status: number,
    readonly serverMessage?: string,
  ) {
    super(`GET /api/1/environment/info failed (${status})`);
    this.name = 'EnvironmentInfoError';
  }
}

/** Where the last good answer is kept, per API root (the browser's, across tabs and reloads). */
const keptInfoKey = 'dpp.environmentInfo';
const tooManyRequests = 429;

/**
 * GET /api/1/environment/info: the only call without a token, made before anything else (spec §1).
 * Answers where to sign in and the platform's default environment. Light (no react-admin): the small
 * entry (src/main.ts) calls it first. The last good answer is kept: when the server refuses the call
 * (429: an office behind one address made too many), the console starts with it rather than not at all.
 */
export async function fetchEnvironmentInfo(
  baseUrl: string,
  fetchImpl: typeof fetch = fetch,
  storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
): Promise<EnvironmentInfo> {
  const response = await fetchImpl(`${baseUrl}/api/1/environment/info`, {
    headers: { Accept: 'application/json' },
  });
  if (response.status === tooManyRequests) {
    const kept = keptInfo(storage, baseUrl);
    if (kept) return kept;
  }
  if (!response.ok) throw new EnvironmentInfoError(response.status, await messageOf(response));
  const body: unknown = await response.json();
  if (!isEnvironmentInfo(body)) throw new EnvironmentInfoError(response.status);
  keepInfo(storage, baseUrl, body);
  return body;
}

function keptInfo(storage: Pick<Storage, 'getItem'>, baseUrl: string): EnvironmentInfo | undefined {
  try {
    const kept: unknown = JSON.parse(storage.getItem(keptInfoKey) ?? 'null');
    const { baseUrl: keptFor, info } = (kept ?? {}) as { baseUrl?: unknown; info?: unknown };
    return keptFor === baseUrl && isEnvironmentInfo(info) ? info : undefined;
  } catch {
    return undefined;
  }
}

function keepInfo(storage: Pick<Storage, 'setItem'>, baseUrl: string, info: EnvironmentInfo): void {
  try {
    storage.setItem(keptInfoKey, JSON.stringify({ baseUrl, info }));
  } catch {
    // Storage full or refused (private mode): the next refusal shows the start-up screen, as before.
  }
}

function isEnvironmentInfo(value: unknown): value is EnvironmentInfo {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return requiredFields.every((field) => typeof record[field] === 'string' && record[field] !== '');
}

/** The `message` of the server's Dutch error body, if the answer has one. */
async function messageOf(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.json();
    const message = (body as { message?: unknown } | null)?.message;
    return typeof message === 'string' && message !== '' ? message : undefined;
  } catch {
    return undefined;
  }
}
