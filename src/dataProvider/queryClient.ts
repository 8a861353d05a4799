import { QueryClient } from '@tanstack/react-query';
import { isClientError } from './serverError';

/** How often a failed read is tried again (react-query's default) when the failure may pass. */
const maxRetries = 3;

/**
 * A 4xx answer is final: a missing record stays missing, a refused request stays refused. Asking again
 * only delays the message (four tries of a 404 took about 8 seconds). Network failures and 5xx may pass.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isClientError(error)) return false;
  return failureCount < maxRetries;
}

/** react-admin's cache for the console: reads retry only what may pass; saves are never repeated. */
export function createConsoleQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: shouldRetry }, mutations: { retry: false } },
  });
}
