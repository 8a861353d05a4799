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

/**
 * GET /api/1/environment/info: the only call without a token, made before anything else (spec §1).
 * Answers where to sign in and the platform's default environment. Light (no react-admin): the small
 * entry (src/main.ts) calls it first.
 */
export async function fetchEnvironmentInfo(
  baseUrl: string,
  fetchImpl: typeof fetch = fetch,
): Promise<EnvironmentInfo> {
  const response = await fetchImpl(`${baseUrl}/api/1/environment/info`, {
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new EnvironmentInfoError(response.status, await messageOf(response));
  const body: unknown = await response.json();
  if (!isEnvironmentInfo(body)) throw new EnvironmentInfoError(response.status);
  return body;
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
