// `npm run bench:startup`: how long the server takes from process start until GET /health answers 200.
// Compares, interleaved in one run, the server started from its build (`node dist-server/main.js`, what
// `npm start` runs) with the server compiled at start (`tsx server/src/main.ts`, how it started before).
// Cold = a fresh data directory (TLS certificate, migrations, demo seed); warm = the same directory again.
// With DATABASE_URL set, a fresh PostgreSQL database is used instead of PGlite (the seed runs once, cold).
// Options: BENCH_STARTS (warm starts per command, default 5), BENCH_COLD_STARTS (default 3); short mode 1 each.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../tests/server/support/freePort';
import { request } from 'node:https';
import { createTestDatabase, type TestDatabase } from '../tests/server/support/testDatabase';
import { benchSetting } from './shortMode';
import { median, reportRows, type BenchRow } from './table';

const warmStarts = benchSetting('BENCH_STARTS', 5, 1);
const coldStarts = benchSetting('BENCH_COLD_STARTS', 3, 1);
const builtServer = path.resolve('dist-server/main.js');

interface StartCommand {
  name: string;
  args: string[];
}

const commands: StartCommand[] = [
  { name: 'node dist-server/main.js', args: [builtServer] },
  { name: 'tsx server/src/main.ts', args: ['--import', 'tsx', 'server/src/main.ts'] },
];

/** Milliseconds from spawn until /health answers 200; the server is stopped again afterwards. */
async function timeToHealth(command: StartCommand, dataDir: string, databaseUrl?: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, command.args, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: 'localhost',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command.name} exited with ${child.exitCode}`);
      try {
        if ((await healthStatus(port)) === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await sleep(20);
    }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

/** GET /health; the certificate is the one the server has just made, so it is not checked here. */
function healthStatus(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      `https://localhost:${port}/health`,
      { rejectUnauthorized: false, timeout: 2000 },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.end();
  });
}

export async function benchStartup(): Promise<BenchRow[]> {
  if (!existsSync(builtServer)) throw new Error('dist-server/main.js is missing: run `npm run build` first');
  const adminUrl = process.env.DATABASE_URL;
  const driver = adminUrl ? 'PostgreSQL' : 'PGlite';
  const times = new Map(
    commands.map((command) => [command.name, { cold: [] as number[], warm: [] as number[] }]),
  );
  // Each command's last fresh data directory (and database) is reused for its warm starts.
  const places = new Map<string, { dataDir: string; database?: TestDatabase }>();
  const forget = async (place?: { dataDir: string; database?: TestDatabase }) => {
    if (!place) return;
    rmSync(place.dataDir, { recursive: true, force: true });
    await place.database?.drop();
  };
  try {
    // Interleaved, so a change in the machine's load hits both commands alike.
    for (let run = 0; run < coldStarts; run++) {
      for (const command of commands) {
        await forget(places.get(command.name));
        const place = {
          dataDir: mkdtempSync(path.join(tmpdir(), 'dpp-bench-start-')),
          database: adminUrl ? await createTestDatabase(adminUrl) : undefined,
        };
        places.set(command.name, place);
        times.get(command.name)!.cold.push(await timeToHealth(command, place.dataDir, place.database?.url));
      }
    }
    for (let run = 0; run < warmStarts; run++) {
      for (const command of commands) {
        const place = places.get(command.name)!;
        times.get(command.name)!.warm.push(await timeToHealth(command, place.dataDir, place.database?.url));
      }
    }
  } finally {
    for (const place of places.values()) await forget(place);
  }
  return commands.flatMap((command) => [
    {
      measure: `start → /health, ${driver} cold (median of ${coldStarts}): ${command.name}`,
      value: median(times.get(command.name)!.cold),
      unit: 'ms',
    },
    {
      measure: `start → /health, ${driver} warm (median of ${warmStarts}): ${command.name}`,
      value: median(times.get(command.name)!.warm),
      unit: 'ms',
    },
  ]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  reportRows(await benchStartup());
}
