import path from 'node:path';

import { readAnalyticsSettings, type AnalyticsSettings } from './analytics/analyticsSettings';
import { readBounceSettings, type BounceSettings } from './bounces/bounceSettings';
import { readDeliverySettings, type DeliverySettings } from './delivery/deliverySettings';
import { readExternalProviderSettings, type ExternalProviderSettings } from './identity/externalSettings';
import { readJourneySettings, type JourneySettings } from './journeys/journeySettings';
import { readMailSettings, type MailSettings } from './mail/mailSettings';
import { readCdnSettings, type CdnSettings } from './media/cdnSettings';
import { readMediaStoreSettings, type MediaStoreSettings } from './media/storeSettings';
import { readImportSettings, type ImportSettings } from './receivers/importSettings';
import { readRsvpRetentionDays } from './rsvp/retentionSettings';
import { readSendingDomainSettings, type SendingDomainSettings } from './sending/domainSettings';
import type { SettingsReaders } from './settingsReaders';

/** Who may create environments and manage their members (the platform administration API and page). */
export interface PlatformAdminSettings {
  /** PLATFORM_ADMINS: e-mail addresses and identity object ids (`oid`, else `sub`), lower-cased. */
  users: string[];
  /** PLATFORM_ADMIN_ROLE: an app role whose presence in the token's `roles` claim makes an administrator. */
  role?: string;
}
/** Everything the server reads from its environment, parsed once at start. */
export interface AppConfig {
  port: number;
  host: string;
  /** Origin the browser uses (scheme://host:port, no trailing slash); differs from host:port behind a reverse proxy. */
  publicUrl: string;
  /** Holds the PGlite database, the TLS certificate, the lock file and uploaded media. Absolute path. */
  dataDir: string;
  /** PostgreSQL connection string; undefined means embedded PGlite in `dataDir/db`. */
  databaseUrl?: string;
  /**
   * Connections this process's request pool opens to PostgreSQL at most (DATABASE_POOL_SIZE): the pools
   * of all instances together are what the database runs at once.
   */
  databasePoolSize: number;
  /** NODE_ENV, lower-cased: `development` (the default), `test` or `production`; anything else is refused. */
  nodeEnv: RunMode;
  /** NODE_ENV=production (any case): no embedded sign-in unless EMBEDDED_IDENTITY=on, no demo seed. */
  production: boolean;
  /** Whether the embedded provider may run: always outside production, in production only with EMBEDDED_IDENTITY=on. */
  embeddedIdentityAllowed: boolean;
  /** The external identity provider; undefined runs the embedded one. */
  externalIdentity?: ExternalProviderSettings;
  platformAdmins: PlatformAdminSettings;
  accessTokenTtlSeconds: number;
  uploadLimitBytes: number;
  /** Base of image URLs handed to the console; relative `/cdn` unless CDN_BASE is set. */
  cdnBase: string;
  /** Built console (vite build output) served with a history fallback; absolute path. */
  staticDir: string;
  logLevel: string;
  /**
   * TRUST_PROXY=on: a TLS-terminating reverse proxy sits in front, so its X-Forwarded-* headers are trusted
   * (client address and protocol in logs; the identity provider's URLs). Off when clients connect directly.
   */
  trustProxy: boolean;
  /** Fill an empty database with the demo content (SEED_DEMO=on|off; default on outside production). */
  seedDemoData: boolean;
  /** Serve the OpenAPI document at /api/docs (API_DOCS=on|off; default on outside production). */
  apiDocs: boolean;
  /** Bounds of the public image CDN. */
  cdn: CdnSettings;
  /**
   * IDENTITY_RATE_LIMIT: requests per minute one client address may make to the embedded provider (/oidc,
   * its sign-in page included); a tab renews its token once per token lifetime, so a person needs few.
   */
  identityRequestsPerMinute: number;
  /** Rate limits of the public reads without sign-in, per client address and minute. */
  publicReads: PublicReadLimits;
  /** CSV imports into lists. */
  imports: ImportSettings;
  /** Outgoing mail: SMTP_URL, else the embedded catcher outside production; the sender (MAIL_FROM). */
  mail: MailSettings;
  /** Sending delivery jobs (docs/deployment.md, "Delivery"). */
  delivery: DeliverySettings;
  /** Sending domains: how their DNS records are looked up and what SPF must contain (docs/deployment.md). */
  sendingDomains: SendingDomainSettings;
  /** MEDIA_STORE: media, renditions and import files on the local disk (default) or in an S3 bucket. */
  mediaStore: MediaStoreSettings;
  /** REDIS_URL: rate limits counted across every instance; unset counts per process. */
  redisUrl?: string;
  /** REDIS_PREFIX: start of every key the platform writes to Redis (installations sharing one Redis differ). */
  redisPrefix: string;
  /** Opens and clicks (docs/deployment.md, "Analytics"). */
  analytics: AnalyticsSettings;
  /**
   * RSVP_RETENTION_DAYS: this many days after an invitation's event its invitees' personal data is
   * anonymised (rsvp/retention.ts); the answers stay as counts.
   */
  rsvpRetentionDays: number;
  /** The inbound SMTP listener for bounces and complaints (docs/deployment.md, "Bounces"). */
  bounces: BounceSettings;
  /** The journeys' ticker (docs/deployment.md). */
  journeys: JourneySettings;
}

export interface PublicReadLimits {
  /**
   * HEALTH_RATE_LIMIT: requests to /health and /health/ready (each). A load balancer probes every few
   * seconds; the default leaves room for many of them behind one address.
   */
  healthPerMinute: number;
  /**
   * ENVIRONMENT_INFO_RATE_LIMIT: requests to /api/1/environment/info (one per console start or reload).
   * A municipality's staff share one outgoing address: 2,000 people starting the console at once make
   * 2,000, a morning of ten loads each 20,000; the answer is cached and mostly a 304.
   */
  environmentInfoPerMinute: number;
  /**
   * UNKNOWN_PATH_RATE_LIMIT: requests to paths no route answers (404). Nothing legitimate makes many;
   * a browser's navigation to one of the console's own pages is not counted.
   */
  unknownPathsPerMinute: number;
  /**
   * API_DOCS_RATE_LIMIT: requests to /api/docs (with API_DOCS=on), public like the pages: each answer is
   * the whole document, 1.5 MB compressed anew. A reader or a tool fetches it now and then.
   */
  apiDocsPerMinute: number;
}

export type RunMode = 'development' | 'test' | 'production';
const runModes: readonly RunMode[] = ['development', 'test', 'production'];

const defaultPort = 8443;
const defaultAccessTokenTtlSeconds = 3600;
export const defaultDatabasePoolSize = 10;
const defaultIdentityRequestsPerMinute = 600;
const defaultPublicReads: PublicReadLimits = {
  healthPerMinute: 1200,
  environmentInfoPerMinute: 20_000,
  unknownPathsPerMinute: 600,
  apiDocsPerMinute: 60,
};
const defaultUploadLimitBytes = 50 * 1024 * 1024;

/**
 * Reads and checks the configuration from environment variables (see docs/deployment.md for the table).
 * Every setting is checked here, so a bad one stops the start before anything is written.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = readInteger(env, 'PORT', defaultPort, 0);
  const host = nonEmpty(env.HOST) ?? 'localhost';
  const nodeEnv = readRunMode(env);
  const production = nodeEnv === 'production';
  const listenOrigin = `https://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const publicUrl = readOrigin(env, 'PUBLIC_URL') ?? listenOrigin;
  // What each area's own reader (e.g. delivery/deliverySettings.ts) reads its settings with.
  const read: SettingsReaders = {
    integer: (name, fallback, minimum) => readInteger(env, name, fallback, minimum),
    onOff: (name) => readSwitch(env, name),
    text: (name) => nonEmpty(env[name]),
  };
  return {
    port,
    host,
    publicUrl,
    trustProxy: readSwitch(env, 'TRUST_PROXY') ?? false,
    dataDir: path.resolve(nonEmpty(env.DATA_DIR) ?? './data'),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    databasePoolSize: readInteger(env, 'DATABASE_POOL_SIZE', defaultDatabasePoolSize, 1),
    nodeEnv,
    production,
    embeddedIdentityAllowed: !production || readSwitch(env, 'EMBEDDED_IDENTITY') === true,
    externalIdentity: readExternalProviderSettings(env),
    platformAdmins: {
      users: (env.PLATFORM_ADMINS ?? '')
        .split(/[\s,;]+/)
        .map((entry) => entry.trim().toLowerCase())
        .filter(Boolean),
      role: nonEmpty(env.PLATFORM_ADMIN_ROLE),
    },
    accessTokenTtlSeconds: readInteger(env, 'ACCESS_TOKEN_TTL', defaultAccessTokenTtlSeconds, 1),
    uploadLimitBytes: readInteger(env, 'UPLOAD_LIMIT_BYTES', defaultUploadLimitBytes, 1),
    cdnBase: stripTrailingSlash(nonEmpty(env.CDN_BASE) ?? '/cdn'),
    staticDir: path.resolve(nonEmpty(env.STATIC_DIR) ?? './dist'),
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
    seedDemoData: readSwitch(env, 'SEED_DEMO') ?? !production,
    apiDocs: readSwitch(env, 'API_DOCS') ?? !production,
    cdn: readCdnSettings(read),
    identityRequestsPerMinute: readInteger(env, 'IDENTITY_RATE_LIMIT', defaultIdentityRequestsPerMinute, 1),
    publicReads: {
      healthPerMinute: readInteger(env, 'HEALTH_RATE_LIMIT', defaultPublicReads.healthPerMinute, 1),
      environmentInfoPerMinute: readInteger(
        env,
        'ENVIRONMENT_INFO_RATE_LIMIT',
        defaultPublicReads.environmentInfoPerMinute,
        1,
      ),
      unknownPathsPerMinute: readInteger(
        env,
        'UNKNOWN_PATH_RATE_LIMIT',
        defaultPublicReads.unknownPathsPerMinute,
        1,
      ),
      apiDocsPerMinute: readInteger(env, 'API_DOCS_RATE_LIMIT', defaultPublicReads.apiDocsPerMinute, 1),
    },
    imports: readImportSettings(read),
    mail: readMailSettings(env, production, publicUrl, read.integer, read.onOff),
    delivery: readDeliverySettings(read),
    sendingDomains: readSendingDomainSettings(read),
    mediaStore: readMediaStoreSettings(env, read.onOff, read.integer),
    redisUrl: readRedisUrl(env),
    redisPrefix: nonEmpty(env.REDIS_PREFIX) ?? 'dpp:',
    analytics: readAnalyticsSettings(read),
    rsvpRetentionDays: readRsvpRetentionDays(read),
    bounces: readBounceSettings(read, production),
    journeys: readJourneySettings(read),
  };
}

/**
 * NODE_ENV decides production, compared without case. Values like `prod` or `staging` are refused: taking
 * them for development would start the password-free embedded sign-in with demo users in production.
 */
function readRunMode(env: NodeJS.ProcessEnv): RunMode {
  const raw = nonEmpty(env.NODE_ENV);
  if (raw === undefined) return 'development';
  const mode = runModes.find((candidate) => candidate === raw.toLowerCase());
  if (!mode) {
    throw new Error(
      `NODE_ENV must be 'production', 'development' or 'test' (any case), got '${raw}'. ` +
        'Refusing to guess whether this is a production installation.',
    );
  }
  return mode;
}

/** An on/off setting (any case; also true/false, 1/0); undefined when unset, refused when anything else. */
function readSwitch(env: NodeJS.ProcessEnv, name: string): boolean | undefined {
  const raw = nonEmpty(env[name])?.toLowerCase();
  if (raw === undefined) return undefined;
  if (['on', 'true', '1', 'yes'].includes(raw)) return true;
  if (['off', 'false', '0', 'no'].includes(raw)) return false;
  throw new Error(`${name} must be 'on' or 'off', got '${env[name]}'.`);
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function stripTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** An absolute http(s) URL without a trailing slash, or undefined when unset. */
function readOrigin(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return undefined;
  if (!URL.canParse(raw) || !/^https?:$/.test(new URL(raw).protocol)) {
    throw new Error(`${name} must be an absolute URL such as https://console.example.org, got '${raw}'.`);
  }
  return stripTrailingSlash(raw);
}

function readInteger(env: NodeJS.ProcessEnv, name: string, fallback: number, minimum: number): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < minimum) {
    throw new Error(`${name} must be an integer >= ${minimum}, got '${raw}'.`);
  }
  return value;
}

/** REDIS_URL: redis:// or rediss://, or undefined when unset. */
function readRedisUrl(env: NodeJS.ProcessEnv): string | undefined {
  const raw = nonEmpty(env.REDIS_URL);
  if (raw === undefined) return undefined;
  if (!URL.canParse(raw) || !/^rediss?:$/.test(new URL(raw).protocol))
    throw new Error(`REDIS_URL must be a redis:// or rediss:// URL, got '${raw}'.`);
  return raw;
}
