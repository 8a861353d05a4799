import { inject } from 'vitest';
import { startServerProcess, type ServerProcess } from './serverProcess';

/**
 * A server of the file's own (besides its worker's shared one), started on a copy of the suite's
 * migrated PGlite database (globalSetup.ts) instead of running initdb.
 */
export function startOwnServer(env: Record<string, string> = {}): Promise<ServerProcess> {
  return startServerProcess(env, { databaseTemplate: inject('pgliteTemplate') });
}
