import type { SettingsReaders } from '../settingsReaders';

/** How opens and clicks are classified and kept (docs/deployment.md, "Analytics"). */
export interface AnalyticsSettings {
  /** ANALYTICS_RETENTION_DAYS: raw events older than this are deleted (the hourly counts stay). */
  retentionDays: number;
  /** ANALYTICS_SCANNER_SECONDS: a click this soon after sending is a link scanner's. */
  scannerSeconds: number;
  /** ANALYTICS_BURST_MS: a second different link of one message clicked within this is a scanner's. */
  burstMs: number;
  /** TRACKING_RATE_LIMIT: pixel and click requests per client address and minute (mail proxies share few). */
  rateLimitPerMinute: number;
}

export function readAnalyticsSettings({ integer }: SettingsReaders): AnalyticsSettings {
  return {
    retentionDays: integer('ANALYTICS_RETENTION_DAYS', 90, 1),
    scannerSeconds: integer('ANALYTICS_SCANNER_SECONDS', 10, 0),
    burstMs: integer('ANALYTICS_BURST_MS', 2000, 0),
    rateLimitPerMinute: integer('TRACKING_RATE_LIMIT', 6000, 1),
  };
}
