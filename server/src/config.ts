import path from 'node:path';

import type { BounceSettings } from './bounces/bounceListener';
import { readExternalProviderSettings, type ExternalProviderSettings } from './identity/externalSettings';
import { readMailSettings, type MailSettings } from './mail/mailSettings';
import { readMediaStoreSettings, type MediaStoreSettings } from './media/storeSettings';

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
  delivery: DeliveryConfig;
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

/** How the journeys' ticker works through due people. */
export interface JourneySettings {
  /** JOURNEY_BATCH_SIZE: enrollments one ticker transaction claims (and whose sends become one delivery job). */
  batchSize: number;
}

/** How opens and clicks are classified and kept. */
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

/** How the DNS records of sending domains are checked. */
export interface SendingDomainSettings {
  /** DNS_RESOLVER: DNS servers to ask ('127.0.0.1:5353', comma-separated); the system's when empty. */
  dnsResolvers: string[];
  /** SPF_INCLUDE: the domain the SPF record must include (the mail provider's, e.g. spf.provider.nl); none when empty. */
  spfInclude: string | undefined;
}

/** How delivery jobs are sent. */
export interface DeliveryConfig {
  /** DELIVERY_WORKER=on|off: whether this server process sends jobs (off when `npm run worker` processes do). */
  worker: boolean;
  /** DELIVERY_RATE_LIMIT: messages per second per environment, per worker process. */
  ratePerSecond: number;
  /** DELIVERY_CONCURRENCY: messages of one job in flight at once. */
  concurrency: number;
  /** DELIVERY_MAX_ATTEMPTS: tries per message while the mail server answers with a temporary failure. */
  maxAttempts: number;
  /** DELIVERY_RETRY_DELAY_MS: the wait before the second try (five times longer before each next one). */
  retryDelayMs: number;
  /** DELIVERY_LEASE_SECONDS: how long a stalled or dead worker keeps a job before another takes it over. */
  leaseSeconds: number;
  /** DELIVERY_SWEEP_SECONDS: how often a worker looks for jobs that should run and nobody holds. */
  sweepSeconds: number;
}

/** How large an import file may be, and how many rows one transaction writes. */
export interface ImportSettings {
  /** IMPORT_LIMIT_BYTES: largest accepted import file; beyond it 413 and nothing kept. */
  limitBytes: number;
  /** IMPORT_BATCH_ROWS: rows written per transaction (one statement); a crash loses at most the batches in flight. */
  batchRows: number;
  /** IMPORT_WRITERS: batches of one import written at once (PostgreSQL 2, PGlite 1); commits stay in file order. */
  writers: number;
  /** IMPORT_LEASE_SECONDS: how long the imports of a dead instance wait before another instance takes them over. */
  leaseSeconds: number;
}

/** What one client, and all clients together, can make the public image CDN do. */
export interface CdnSettings {
  /** CDN_CACHE_BYTES: bytes all cached renditions together may take; least recently used go first. */
  cacheBytes: number;
  /** CDN_RENDER_CONCURRENCY: images resized at once. */
  concurrency: number;
  /** CDN_RENDER_QUEUE: asks waiting for a free render slot; beyond it 503. */
  maxQueued: number;
  /** CDN_RENDER_TIMEOUT_MS: longest an ask waits for its rendering, queue included; then 503. */
  timeoutMs: number;
  /** CDN_RATE_LIMIT: requests per minute one client address may make to the CDN; beyond it 429. */
  requestsPerMinute: number;
  /** Fresh renders per client address; beyond them 429 (cached sizes are still served). */
  budget: {
    /** CDN_RENDER_BUDGET: megapixels of source image one address may have rendered per minute. */
    megapixelsPerMinute: number;
    /** CDN_RENDERS_PER_ADDRESS: renders one address may have running or waiting at once. */
    inFlight: number;
  };
  /** CDN_ANONYMOUS_MAX_PIXELS: largest image rendered for an ask without a valid access token (then 422). */
  anonymousMaxPixels: number;
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
}

export type RunMode = 'development' | 'test' | 'production';
const runModes: readonly RunMode[] = ['development', 'test', 'production'];

const defaultPort = 8443;
const defaultAccessTokenTtlSeconds = 3600;
const defaultIdentityRequestsPerMinute = 600;
const defaultPublicReads: PublicReadLimits = {
  healthPerMinute: 1200,
  environmentInfoPerMinute: 20_000,
  unknownPathsPerMinute: 600,
};
const defaultUploadLimitBytes = 50 * 1024 * 1024;
/** PostgreSQL takes larger batches better (fewer round trips and commits); PGlite's heap grows with them. */
const defaultImports = { limitBytes: 200 * 1024 * 1024, batchRows: { postgres: 5000, pglite: 1000 } };
/** The CDN's defaults: a few hundred MB of renditions, two renders at once (the machine's other work goes on). */
const defaultCdn: CdnSettings = {
  cacheBytes: 256 * 1024 * 1024,
  concurrency: 2,
  maxQueued: 32,
  timeoutMs: 15_000,
  // Generous: a folder of a thousand images is scrolled through in a minute, by several people behind one address.
  requestsPerMinute: 3000,
  // A folder of 100 fresh 12-megapixel photos a minute; sixty sizes of a 49-megapixel image are not.
  budget: { megapixelsPerMinute: 1200, inFlight: 16 },
  // A 40-megapixel camera's photo (the console's thumbnails are anonymous asks too); up to 64 signed in.
  anonymousMaxPixels: 40_000_000,
};

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
  return {
    port,
    host,
    publicUrl,
    trustProxy: readSwitch(env, 'TRUST_PROXY') ?? false,
    dataDir: path.resolve(nonEmpty(env.DATA_DIR) ?? './data'),
    databaseUrl: nonEmpty(env.DATABASE_URL),
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
    cdn: {
      cacheBytes: readInteger(env, 'CDN_CACHE_BYTES', defaultCdn.cacheBytes, 0),
      concurrency: readInteger(env, 'CDN_RENDER_CONCURRENCY', defaultCdn.concurrency, 1),
      maxQueued: readInteger(env, 'CDN_RENDER_QUEUE', defaultCdn.maxQueued, 0),
      timeoutMs: readInteger(env, 'CDN_RENDER_TIMEOUT_MS', defaultCdn.timeoutMs, 1),
      requestsPerMinute: readInteger(env, 'CDN_RATE_LIMIT', defaultCdn.requestsPerMinute, 1),
      budget: {
        megapixelsPerMinute: readInteger(env, 'CDN_RENDER_BUDGET', defaultCdn.budget.megapixelsPerMinute, 1),
        inFlight: readInteger(env, 'CDN_RENDERS_PER_ADDRESS', defaultCdn.budget.inFlight, 1),
      },
      anonymousMaxPixels: readInteger(env, 'CDN_ANONYMOUS_MAX_PIXELS', defaultCdn.anonymousMaxPixels, 1),
    },
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
    },
    imports: {
      limitBytes: readInteger(env, 'IMPORT_LIMIT_BYTES', defaultImports.limitBytes, 1),
      batchRows: readInteger(
        env,
        'IMPORT_BATCH_ROWS',
        defaultImports.batchRows[nonEmpty(env.DATABASE_URL) ? 'postgres' : 'pglite'],
        1,
      ),
      writers: readInteger(env, 'IMPORT_WRITERS', nonEmpty(env.DATABASE_URL) ? 2 : 1, 1),
      leaseSeconds: readInteger(env, 'IMPORT_LEASE_SECONDS', 30, 1),
    },
    mail: readMailSettings(
      env,
      production,
      publicUrl,
      (name, fallback, minimum) => readInteger(env, name, fallback, minimum),
      (name) => readSwitch(env, name),
    ),
    delivery: {
      worker: readSwitch(env, 'DELIVERY_WORKER') ?? true,
      ratePerSecond: readInteger(env, 'DELIVERY_RATE_LIMIT', 1000, 1),
      concurrency: readInteger(env, 'DELIVERY_CONCURRENCY', 8, 1),
      maxAttempts: readInteger(env, 'DELIVERY_MAX_ATTEMPTS', 4, 1),
      retryDelayMs: readInteger(env, 'DELIVERY_RETRY_DELAY_MS', 2000, 0),
      leaseSeconds: readInteger(env, 'DELIVERY_LEASE_SECONDS', 60, 1),
      sweepSeconds: readInteger(env, 'DELIVERY_SWEEP_SECONDS', 30, 1),
    },
    sendingDomains: {
      dnsResolvers: readDnsResolvers(env),
      spfInclude: nonEmpty(env.SPF_INCLUDE)?.toLowerCase(),
    },
    mediaStore: readMediaStoreSettings(
      env,
      (name) => readSwitch(env, name),
      (name, fallback, minimum) => readInteger(env, name, fallback, minimum),
    ),
    redisUrl: readRedisUrl(env),
    redisPrefix: nonEmpty(env.REDIS_PREFIX) ?? 'dpp:',
    analytics: {
      retentionDays: readInteger(env, 'ANALYTICS_RETENTION_DAYS', 90, 1),
      scannerSeconds: readInteger(env, 'ANALYTICS_SCANNER_SECONDS', 10, 0),
      burstMs: readInteger(env, 'ANALYTICS_BURST_MS', 2000, 0),
      rateLimitPerMinute: readInteger(env, 'TRACKING_RATE_LIMIT', 6000, 1),
    },
    rsvpRetentionDays: readInteger(env, 'RSVP_RETENTION_DAYS', 90, 1),
    bounces: readBounceSettings(env, production),
    journeys: { batchSize: readInteger(env, 'JOURNEY_BATCH_SIZE', 500, 1) },
  };
}

/**
 * The bounce listener runs where BOUNCE_SMTP_PORT is set; outside production also without it, on a port the
 * system picks (tests and development send it reports by hand). BOUNCE_SMTP=off stops it anywhere.
 */
function readBounceSettings(env: NodeJS.ProcessEnv, production: boolean): BounceSettings {
  const portSet = nonEmpty(env.BOUNCE_SMTP_PORT) !== undefined;
  const enabled = readSwitch(env, 'BOUNCE_SMTP') ?? (!production || portSet);
  if (production && enabled && !portSet)
    throw new Error('BOUNCE_SMTP=on needs BOUNCE_SMTP_PORT in production: the port the MX hands bounces to.');
  const port = readInteger(env, 'BOUNCE_SMTP_PORT', 0, 0);
  if (port > 65535) throw new Error(`BOUNCE_SMTP_PORT must be a port (0-65535), got '${port}'.`);
  return {
    port: enabled ? port : undefined,
    host: nonEmpty(env.BOUNCE_SMTP_HOST) ?? '127.0.0.1',
    maxMessageBytes: readInteger(env, 'BOUNCE_SMTP_MAX_MESSAGE_BYTES', 1024 * 1024, 1024),
    connectionsPerMinute: readInteger(env, 'BOUNCE_SMTP_RATE_LIMIT', 60, 1),
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

/** DNS_RESOLVER: `host` or `host:port` (IPv4, or `[IPv6]:port`), comma-separated; refused when malformed. */
function readDnsResolvers(env: NodeJS.ProcessEnv): string[] {
  const raw = nonEmpty(env.DNS_RESOLVER);
  if (raw === undefined) return [];
  const servers = raw.split(',').map((server) => server.trim());
  for (const server of servers) {
    if (!/^(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|\[[0-9a-fA-F:]+\](:\d{1,5})?|[0-9a-fA-F:]+)$/.test(server))
      throw new Error(`DNS_RESOLVER must list IP addresses (with an optional :port), got '${server}'.`);
  }
  return servers;
}
