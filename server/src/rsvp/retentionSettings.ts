import type { SettingsReaders } from '../settingsReaders';

/**
 * RSVP_RETENTION_DAYS: this many days after an invitation's event its invitees' personal data is
 * anonymised (rsvp/retention.ts, run by the RSVP upkeep duty); the answers stay as counts.
 */
export function readRsvpRetentionDays({ integer }: SettingsReaders): number {
  return integer('RSVP_RETENTION_DAYS', 90, 1);
}
