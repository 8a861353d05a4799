import { spawn, type ChildProcess } from 'node:child_process';
import { openSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../tests/server/support/freePort';
import { httpsRequest } from '../tests/server/support/https';
import { serveCommand } from '../tests/server/support/serveCommand';
import type { TestDatabase } from '../tests/server/support/testDatabase';

export interface BenchServer {
  url: string;
  ca: string;
  /** The server process (its peak RSS is in /proc/{pid}/status, VmHWM). */
  pid: number;
  /** The server's inspector port, when started with `inspect` (see inspector.ts). */
  inspectPort?: number;
  stop(): Promise<void>;
}

/**
 * The server as `npm run serve` runs it, in its own process so the bench's clients do not share its
 * event loop: a temporary data directory, PGlite or the given PostgreSQL database, demo data seeded.
 */
export async function startServerProcess(
  database: TestDatabase | undefined,
  options: {
    /** More environment variables for the server (e.g. SMTP_URL). */
    env?: Record<string, string>;
    /** Runs on the data directory (and database) before the server starts, e.g. to load a large audience. */
    prepare?(dataDir: string): Promise<void>;
    /** Starts the server with the inspector open on 127.0.0.1, to read its heap (inspector.ts). */
    inspect?: boolean;
  } = {},
): Promise<BenchServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-bench-'));
  await options.prepare?.(dataDir);
  const port = await freePort();
  const url = `https://localhost:${port}`;
  // BENCH_BUILT_SERVER=1: the bundle of `npm run build` (as `npm run serve`), without tsx compiling in-process.
  const entry = process.env.BENCH_BUILT_SERVER
    ? ['dist-server/main.js']
    : // BENCH_SERVER_ENTRY: another server's source to start, e.g. an older commit's `git archive` (before/after).
      ['--import', 'tsx', process.env.BENCH_SERVER_ENTRY ?? 'server/src/main.ts'];
  // Both run with the memory settings of `npm run serve` (its environment and node options).
  const serve = serveCommand();
  // BENCH_SERVER_NODE_ARGS: extra node options for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const inspectPort = options.inspect ? await freePort() : undefined;
  if (inspectPort) nodeArgs.push(`--inspect=127.0.0.1:${inspectPort}`);
  const stdout = process.env.BENCH_SERVER_STDOUT ? openSync(process.env.BENCH_SERVER_STDOUT, 'a') : 'ignore';
  const child: ChildProcess = spawn(process.execPath, [...serve.nodeArgs, ...nodeArgs, ...entry], {
    env: {
      ...serve.env,
      ...process.env,
      PORT: String(port),
      HOST: 'localhost',
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      STATIC_DIR: path.join(dataDir, 'no-console-build'),
      // /health is the bench's ceiling: its per-address limit (HEALTH_RATE_LIMIT) must not cut it.
      HEALTH_RATE_LIMIT: String(1_000_000_000),
      ...options.env,
    },
    // BENCH_SERVER_STDOUT=<file>: the server's standard output there (e.g. with `--trace-gc`), else dropped.
    stdio: ['ignore', stdout, 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const certificate = path.join(dataDir, 'tls', 'localhost-cert.pem');
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const ca = await readFile(certificate, 'utf8');
      if ((await httpsRequest({ method: 'GET', url: `${url}/health`, ca })).status === 200)
        return { url, ca, pid: child.pid ?? 0, inspectPort, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('server did not start within 120 s');
    }
    await sleep(250);
  }
}
