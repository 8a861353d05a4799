import type { EnvironmentInfo } from '@contract/environment';
import { HttpError } from 'react-admin';

const requiredFields = ['id', 'clientId', 'authority', 'apiScope', 'cdnBase'] as const;

/**
 * GET /api/1/environment/info: the only call without a token, made before anything else (spec §1).
 * Answers where to sign in and the platform's default environment.
 */
export async function fetchEnvironmentInfo(
  baseUrl: string,
  fetchImpl: typeof fetch = fetch,
): Promise<EnvironmentInfo> {
  const response = await fetchImpl(`${baseUrl}/api/1/environment/info`, {
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new HttpError('app.startup.error_text', response.status);
  const body: unknown = await response.json();
  if (!isEnvironmentInfo(body)) throw new HttpError('app.startup.error_text', response.status, body);
  return body;
}

function isEnvironmentInfo(value: unknown): value is EnvironmentInfo {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return requiredFields.every((field) => typeof record[field] === 'string' && record[field] !== '');
}
