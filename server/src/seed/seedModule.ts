import type { AppConfig } from '../config';
import type { Database } from '../db/client';

export interface SeedContext {
  /** Runs inside one transaction: a failing module leaves the database empty. */
  db: Database;
  /** For modules that also write files (e.g. media under config.dataDir). */
  config: AppConfig;
  /** The seed's clock: content that must lie ahead (an invitation's evening) is placed relative to it. */
  now: Date;
}

/** One area's demo content; modules run in the order of seed/index.ts. */
export interface SeedModule {
  area: string;
  seed(context: SeedContext): Promise<void>;
}
