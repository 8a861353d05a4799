import { count } from 'drizzle-orm';
import type { AppConfig } from '../config';
import { analyze, type Database } from '../db/client';
import { environments } from '../db/schema';
import { coreSeed } from './core';
import { formsSeed } from './forms';
import { journeysSeed } from './journeys';
import { mediaSeed } from './media';
import { publicationsSeed } from './publications';
import { receiversSeed } from './receivers';
import { sendingSeed } from './sending';
import { rsvpSeed } from './rsvp';
import { analyticsSeed } from './analytics';
import type { SeedModule } from './seedModule';

/**
 * The demo content, area by area. ORDER MATTERS: a module may refer to records of the modules above it.
 * Add your area's module at the end (one line) and its fixed ids to seed/ids.ts.
 */
export const seedModules: readonly SeedModule[] = [
  coreSeed,
  mediaSeed,
  receiversSeed,
  publicationsSeed, // must stay after receiversSeed: its delivery job uses a demo audience
  formsSeed,
  sendingSeed,
  rsvpSeed, // after publicationsSeed: answers go to the residents' evening
  analyticsSeed, // after publicationsSeed: figures of the February newsletter's job
  journeysSeed, // after receiversSeed and publicationsSeed: its trigger list and publications
  // receiversSeed, mediaSeed, publicationsSeed, ... (added by their areas)
];

/** Seeds the demo content when the database has no environment yet; returns whether it did. */
export async function seedIfEmpty(db: Database, config: AppConfig): Promise<boolean> {
  const [{ environmentCount }] = await db.select({ environmentCount: count() }).from(environments);
  if (environmentCount > 0) return false;
  await seedAll(db, config);
  return true;
}

/** Runs every seed module in one transaction, then refreshes planner statistics (bulk load). */
export async function seedAll(db: Database, config: AppConfig, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    for (const seedModule of seedModules) await seedModule.seed({ db: tx, config, now });
  });
  await analyze(db);
}
