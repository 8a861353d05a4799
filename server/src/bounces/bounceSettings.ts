import type { SettingsReaders } from '../settingsReaders';

/** The inbound SMTP server for bounces and complaints (docs/deployment.md, "Bounces"). */
export interface BounceSettings {
  /** BOUNCE_SMTP_PORT: the port; 0 lets the system pick one. Undefined: no listener (BOUNCE_SMTP=off). */
  port: number | undefined;
  /** BOUNCE_SMTP_HOST: the address to listen on; 127.0.0.1 unless the MX forwards from elsewhere. */
  host: string;
  /** BOUNCE_SMTP_MAX_MESSAGE_BYTES: larger messages are refused (552) before they are read. */
  maxMessageBytes: number;
  /** BOUNCE_SMTP_RATE_LIMIT: connections per client address and minute; beyond it 421. */
  connectionsPerMinute: number;
}

/**
 * The bounce listener runs where BOUNCE_SMTP_PORT is set; outside production also without it, on a port the
 * system picks (tests and development send it reports by hand). BOUNCE_SMTP=off stops it anywhere.
 */
export function readBounceSettings(
  { integer, onOff, text }: SettingsReaders,
  production: boolean,
): BounceSettings {
  const portSet = text('BOUNCE_SMTP_PORT') !== undefined;
  const enabled = onOff('BOUNCE_SMTP') ?? (!production || portSet);
  if (production && enabled && !portSet)
    throw new Error('BOUNCE_SMTP=on needs BOUNCE_SMTP_PORT in production: the port the MX hands bounces to.');
  const port = integer('BOUNCE_SMTP_PORT', 0, 0);
  if (port > 65535) throw new Error(`BOUNCE_SMTP_PORT must be a port (0-65535), got '${port}'.`);
  return {
    port: enabled ? port : undefined,
    host: text('BOUNCE_SMTP_HOST') ?? '127.0.0.1',
    maxMessageBytes: integer('BOUNCE_SMTP_MAX_MESSAGE_BYTES', 1024 * 1024, 1024),
    connectionsPerMinute: integer('BOUNCE_SMTP_RATE_LIMIT', 60, 1),
  };
}
