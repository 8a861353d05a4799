/**
 * Where outgoing mail goes: an SMTP server (SMTP_URL), the embedded catcher (outside production, when no
 * SMTP_URL is set), or nowhere (production without SMTP_URL: the server starts, but says mail cannot be sent).
 */
export type MailTransportSettings =
  | { kind: 'smtp'; url: string }
  | { kind: 'catcher'; catcher: CatcherSettings }
  | { kind: 'none'; reason: string };

/** The embedded SMTP catcher: keeps what the platform sends in the data directory, for reading in the console. */
export interface CatcherSettings {
  /** SMTP_CATCHER_PORT: the port on 127.0.0.1; 0 (the default) lets the system pick a free one. */
  port: number;
  /** SMTP_CATCHER_MAX_MESSAGE_BYTES: larger messages are refused with 552. */
  maxMessageBytes: number;
  /** SMTP_CATCHER_MAX_MESSAGES: messages kept; beyond it the oldest are removed. */
  maxStoredMessages: number;
}

export interface MailSettings {
  transport: MailTransportSettings;
  /** MAIL_FROM: the sender of every message ('Naam <adres>' or an address). */
  from: string;
  /** SMTP_MAX_CONNECTIONS: pooled connections to the SMTP server. */
  maxConnections: number;
}

const defaultCatcher: CatcherSettings = {
  port: 0,
  maxMessageBytes: 10 * 1024 * 1024,
  maxStoredMessages: 1000,
};
const defaultMaxConnections = 5;

export const mailUnavailableInProduction =
  'Mail cannot be sent: SMTP_URL is not set (with NODE_ENV=production the embedded SMTP catcher does not run). ' +
  'Set SMTP_URL, e.g. smtp://user:password@smtp.example.org:587, see docs/deployment.md.';

/**
 * Reads the mail settings; called by loadConfig, so a bad setting stops the start before anything is written.
 * SMTP_CATCHER=on is refused in production: the catcher would swallow every newsletter without a word.
 */
export function readMailSettings(
  env: NodeJS.ProcessEnv,
  production: boolean,
  publicUrl: string,
  readInteger: (name: string, fallback: number, minimum: number) => number,
  readSwitch: (name: string) => boolean | undefined,
): MailSettings {
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^/?#]/i.test(smtpUrl)) {
    throw new Error(
      `SMTP_URL must start with smtp:// or smtps:// followed by a host, got '${redactUrl(smtpUrl)}'.`,
    );
  }
  const catcherSwitch = readSwitch('SMTP_CATCHER');
  if (production && catcherSwitch === true) {
    throw new Error(
      'SMTP_CATCHER=on is refused with NODE_ENV=production: it would keep every message instead of sending it.',
    );
  }
  const catcher: CatcherSettings = {
    port: readInteger('SMTP_CATCHER_PORT', defaultCatcher.port, 0),
    maxMessageBytes: readInteger('SMTP_CATCHER_MAX_MESSAGE_BYTES', defaultCatcher.maxMessageBytes, 1024),
    maxStoredMessages: readInteger('SMTP_CATCHER_MAX_MESSAGES', defaultCatcher.maxStoredMessages, 1),
  };
  if (catcher.port > 65535)
    throw new Error(`SMTP_CATCHER_PORT must be a port (0-65535), got '${catcher.port}'.`);
  const transport: MailTransportSettings = smtpUrl
    ? { kind: 'smtp', url: smtpUrl }
    : production || catcherSwitch === false
      ? {
          kind: 'none',
          reason: production
            ? mailUnavailableInProduction
            : 'Mail cannot be sent: SMTP_CATCHER=off and SMTP_URL is not set.',
        }
      : { kind: 'catcher', catcher };
  const from = env.MAIL_FROM?.trim() || defaultSender(production, publicUrl);
  if (!/^[^<>@\s]+@[^<>@\s]+$|^[^<>]*<[^<>@\s]+@[^<>@\s]+>$/.test(from)) {
    throw new Error(`MAIL_FROM must be an address or 'Name <address>', got '${from}'.`);
  }
  return { transport, from, maxConnections: readInteger('SMTP_MAX_CONNECTIONS', defaultMaxConnections, 1) };
}

/**
 * Production sends as noreply at the public host name (its SPF/DKIM are the operator's to set up); elsewhere
 * a reserved example domain, so a message that escapes a test never claims a real sender.
 */
function defaultSender(production: boolean, publicUrl: string): string {
  const domain = production ? new URL(publicUrl).hostname : 'example.org';
  return `Digitaal publicatie platform <noreply@${domain}>`;
}

/** An SMTP URL without its password, for messages and logs. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:/@]*):[^@/]*@/, '//$1:***@');
}
