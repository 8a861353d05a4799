import path from 'node:path';

/** External OpenID Connect provider settings (e.g. Microsoft Entra ID); all unset means the embedded provider. */
export interface ExternalIdentitySettings {
  /** IDENTITY_AUTHORITY: the issuer / authority URL handed to the console. */
  authority?: string;
  /** IDENTITY_CLIENT_ID: the console's (SPA) client id at the provider. */
  clientId?: string;
  /** IDENTITY_AUDIENCE: the `aud` the API requires in access tokens. */
  audience?: string;
  /** API_SCOPE: the scope the console requests for API calls (e.g. api://…/access_as_user). */
  apiScope?: string;
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
  nodeEnv: string;
  /** Whether the embedded provider may run: always outside production, in production only with EMBEDDED_IDENTITY=on. */
  embeddedIdentityAllowed: boolean;
  identity: ExternalIdentitySettings;
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
  /** Bounds of the public image CDN. */
  cdn: CdnSettings;
  /** CSV imports into lists. */
  imports: ImportSettings;
}

/** How large an import file may be, and how many rows one transaction writes. */
export interface ImportSettings {
  /** IMPORT_LIMIT_BYTES: largest accepted import file; beyond it 413 and nothing kept. */
  limitBytes: number;
  /** IMPORT_BATCH_ROWS: rows written per transaction (one statement); a crash loses at most this batch. */
  batchRows: number;
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
}

const defaultPort = 8443;
const defaultAccessTokenTtlSeconds = 3600;
const defaultUploadLimitBytes = 50 * 1024 * 1024;
const defaultImports: ImportSettings = { limitBytes: 200 * 1024 * 1024, batchRows: 1000 };
/** The CDN's defaults: a few hundred MB of renditions, two renders at once (the machine's other work goes on). */
const defaultCdn: CdnSettings = {
  cacheBytes: 256 * 1024 * 1024,
  concurrency: 2,
  maxQueued: 32,
  timeoutMs: 15_000,
  // Generous: a folder of a thousand images is scrolled through in a minute, by several people behind one address.
  requestsPerMinute: 3000,
};

/** Reads the configuration from environment variables (see docs/deployment.md for the table). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = readInteger(env, 'PORT', defaultPort, 0);
  const host = nonEmpty(env.HOST) ?? 'localhost';
  const nodeEnv = nonEmpty(env.NODE_ENV) ?? 'development';
  const listenOrigin = `https://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const publicUrl = readOrigin(env, 'PUBLIC_URL') ?? listenOrigin;
  return {
    port,
    host,
    publicUrl,
    trustProxy: env.TRUST_PROXY === 'on',
    dataDir: path.resolve(nonEmpty(env.DATA_DIR) ?? './data'),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    nodeEnv,
    embeddedIdentityAllowed: nodeEnv !== 'production' || env.EMBEDDED_IDENTITY === 'on',
    identity: {
      authority: nonEmpty(env.IDENTITY_AUTHORITY),
      clientId: nonEmpty(env.IDENTITY_CLIENT_ID),
      audience: nonEmpty(env.IDENTITY_AUDIENCE),
      apiScope: nonEmpty(env.API_SCOPE),
    },
    accessTokenTtlSeconds: readInteger(env, 'ACCESS_TOKEN_TTL', defaultAccessTokenTtlSeconds, 1),
    uploadLimitBytes: readInteger(env, 'UPLOAD_LIMIT_BYTES', defaultUploadLimitBytes, 1),
    cdnBase: stripTrailingSlash(nonEmpty(env.CDN_BASE) ?? '/cdn'),
    staticDir: path.resolve(nonEmpty(env.STATIC_DIR) ?? './dist'),
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
    seedDemoData: env.SEED_DEMO ? env.SEED_DEMO === 'on' : nodeEnv !== 'production',
    cdn: {
      cacheBytes: readInteger(env, 'CDN_CACHE_BYTES', defaultCdn.cacheBytes, 0),
      concurrency: readInteger(env, 'CDN_RENDER_CONCURRENCY', defaultCdn.concurrency, 1),
      maxQueued: readInteger(env, 'CDN_RENDER_QUEUE', defaultCdn.maxQueued, 0),
      timeoutMs: readInteger(env, 'CDN_RENDER_TIMEOUT_MS', defaultCdn.timeoutMs, 1),
      requestsPerMinute: readInteger(env, 'CDN_RATE_LIMIT', defaultCdn.requestsPerMinute, 1),
    },
    imports: {
      limitBytes: readInteger(env, 'IMPORT_LIMIT_BYTES', defaultImports.limitBytes, 1),
      batchRows: readInteger(env, 'IMPORT_BATCH_ROWS', defaultImports.batchRows, 1),
    },
  };
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
