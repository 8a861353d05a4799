import type { SettingsReaders } from '../settingsReaders';

/** How the journeys' ticker works through due people. */
export interface JourneySettings {
  /** JOURNEY_BATCH_SIZE: enrollments one ticker transaction claims (and whose sends become one delivery job). */
  batchSize: number;
}

export function readJourneySettings({ integer }: SettingsReaders): JourneySettings {
  return { batchSize: integer('JOURNEY_BATCH_SIZE', 500, 1) };
}
