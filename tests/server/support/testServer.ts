import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type AppConfig } from '../../../server/src/config';
import type { BuildOptions } from '../../../server/src/app';
import { startServer } from '../../../server/src/server';
import { freePort } from './freePort';
import { httpsRequest } from './https';
import { refreshTokens, signInWithCode, type SignInTarget, type Tokens } from './signIn';
import { prepareMigratedDatabase } from './migratedDatabase';
import { prepareSeededDatabase } from './seededTemplate';
import type { TestDatabase } from './testDatabase';

export type { Tokens } from './signIn';

export interface ApiOptions {
  /** Bearer access token (a Tokens object or the raw string). */
  token?: Tokens | string;
  /** Environment id: sent as X-Environment-Id, and the prefix of relative paths (see `api`). */
  env?: string;
  /** JSON body (objects are serialised; strings are sent as they are). */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON, or the raw text when the response is not JSON. */
  body: T;
  text: string;
}

export interface TestServer {
  url: string;
  config: AppConfig;
  /** The server's self-signed certificate (PEM); trusted explicitly by every request of this helper. */
  certificatePem: string;
  close(): Promise<void>;
  /** Stops the server and starts it again on the same data directory, database and port. */
  restart(): Promise<void>;
  /** Signs in through the embedded provider (authorization code + PKCE over HTTP). */
  signIn(email: string): Promise<Tokens>;
  refresh(refreshToken: string): Promise<Tokens>;
  /**
   * Calls the server. With `env`, a path that does not start with `/api/`, `/oidc`, `/health` or `/cdn`
   * is relative to the environment scope: `api('GET', '/themes', {env})` calls `/api/1/{env}/themes`.
   * Without `env` every path is used as it is.
   */
  api<T = unknown>(method: string, path: string, options?: ApiOptions): Promise<ApiResponse<T>>;
}

const serverPrefixes = ['/api/', '/oidc', '/health', '/cdn'];

/**
 * Whether a server with these overrides would seed just what the seeded template holds: the seed reads
 * only the media store's settings, and a test that sets SEED_DEMO (or its own database) is about the
 * start's own seeding, so those servers start on a migrated, empty database and seed it themselves.
 */
function seedsAsTheTemplate(overrides: Record<string, string>): boolean {
  return !Object.keys(overrides).some(
    (name) =>
      name === 'SEED_DEMO' || name === 'DATABASE_URL' || name === 'MEDIA_STORE' || name.startsWith('S3_'),
  );
}

/**
 * Starts the real server in-process on a free port with a temporary DATA_DIR: PGlite by default, a fresh
 * PostgreSQL database when TEST_DATABASE_URL is set, already demo-seeded (seededTemplate.ts) unless the
 * overrides change what the seed does. `overrides` are environment variables (e.g.
 * `{ ACCESS_TOKEN_TTL: '2' }`) applied on top of the test defaults; `options` reach buildApp (e.g. how an
 * external identity provider is fetched).
 */
export async function startTestServer(
  overrides: Record<string, string> = {},
  options: BuildOptions = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-server-test-'));
  let database: TestDatabase | undefined;
  try {
    database = seedsAsTheTemplate(overrides)
      ? await prepareSeededDatabase(dataDir)
      : await prepareMigratedDatabase(dataDir);
    const port = await freePort();
    const config = loadConfig({
      NODE_ENV: 'test',
      HOST: 'localhost',
      PORT: String(port),
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'no-console-build'),
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...overrides,
    });
    let server = await startServer(config, options);
    const ca = server.certificatePem;
    const api = async <T>(
      method: string,
      requestPath: string,
      options: ApiOptions = {},
    ): Promise<ApiResponse<T>> => {
      const response = await httpsRequest({
        method,
        url: apiUrl(server.url, requestPath, options),
        ca,
        headers: apiHeaders(options),
        body: serialiseBody(options.body),
      });
      const isJson = String(response.headers['content-type'] ?? '').includes('json');
      return {
        status: response.status,
        headers: response.headers,
        body: (isJson && response.text ? JSON.parse(response.text) : response.text) as T,
        text: response.text,
      };
    };
    let signInTarget: SignInTarget | undefined;
    const target = async (): Promise<SignInTarget> => {
      if (!signInTarget) {
        const info = await api<{ clientId: string; authority: string; apiScope: string }>(
          'GET',
          '/api/1/environment/info',
        );
        signInTarget = { url: server.url, ca, ...info.body };
      }
      return signInTarget;
    };
    return {
      url: server.url,
      config,
      certificatePem: ca,
      api,
      signIn: async (email) => signInWithCode(await target(), email),
      refresh: async (refreshToken) => refreshTokens(await target(), refreshToken),
      async restart() {
        await server.close();
        server = await startServer(config, options);
      },
      async close() {
        try {
          await server.close();
        } finally {
          await database?.drop();
          await rm(dataDir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

function apiUrl(base: string, requestPath: string, options: ApiOptions): string {
  const isScoped =
    options.env !== undefined && !serverPrefixes.some((prefix) => requestPath.startsWith(prefix));
  const url = new URL(isScoped ? `/api/1/${options.env}${requestPath}` : requestPath, base);
  for (const [name, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url.toString();
}

function apiHeaders(options: ApiOptions): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = typeof options.token === 'string' ? options.token : options.token?.accessToken;
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.env) headers['x-environment-id'] = options.env;
  if (options.body !== undefined && typeof options.body !== 'string')
    headers['content-type'] = 'application/json';
  // Explicit headers win, so a test can send a wrong X-Environment-Id on purpose.
  return { ...headers, ...options.headers };
}

function serialiseBody(body: unknown): string | undefined {
  if (body === undefined) return undefined;
  return typeof body === 'string' ? body : JSON.stringify(body);
}
