import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { httpsRequest } from './https';
import { serveCommand } from './serveCommand';

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

export interface ServerProcess {
  child: ChildProcess;
  /** Resolves when the process ends, with everything it printed. */
  exited: Promise<Exit>;
  /** What it printed so far. */
  output(): string;
}

/** The server bundle the suite's globalSetup builds (`npm run build` makes the same file). */
export const serverBundle = 'dist-server/main.js';
/**
 * The time limit of a test that starts and stops a spawned server: its start alone (module loading,
 * PGlite's WebAssembly, migrations) took over 45 s of wall time at a load of 14 on 2 cores.
 */
export const spawnedServerTimeout = 180_000;
/** The bundle of `npm run worker`, built next to the server's. */
export const workerBundle = 'dist-server/worker.js';

/**
 * Runs the built server (`dist-server/main.js`) as its own process, the way `npm run serve` does (its
 * environment and node options); `nodeArgs` come on top.
 */
export function spawnServer(env: Record<string, string>, nodeArgs: string[] = []): ServerProcess {
  return spawnBundle(serverBundle, env, nodeArgs);
}

/** Runs the built worker (`dist-server/worker.js`) as `npm run worker` does (the serve script's settings). */
export function spawnWorker(env: Record<string, string>): ServerProcess {
  return spawnBundle(workerBundle, env, []);
}

function spawnBundle(bundle: string, env: Record<string, string>, nodeArgs: string[]): ServerProcess {
  const serve = serveCommand();
  const child = spawn(process.execPath, [...serve.nodeArgs, ...nodeArgs, bundle], {
    env: { ...serve.env, ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'test', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<Exit>((resolve, reject) => {
    child.on('error', reject);
    // 'close', not 'exit': by then everything the process printed has been read.
    child.on('close', (code, signal) => resolve({ code, signal, output }));
  });
  return { child, exited, output: () => output };
}

/** Waits until the spawned server answers /health over https with its own certificate. */
export async function waitForHealth(server: ServerProcess, url: string, dataDir: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null)
      throw new Error(`server exited early:\n${(await server.exited).output}`);
    try {
      const ca = await readFile(path.join(dataDir, 'tls', 'localhost-cert.pem'), 'utf8');
      if ((await httpsRequest({ method: 'GET', url: `${url}/health`, ca })).status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  server.child.kill('SIGKILL');
  throw new Error('server did not answer /health within 120 s');
}

/**
 * Resolves once the process has printed `text`; fails when it ends first, or kills it when it does not
 * print it in time.
 */
export async function waitForOutput(
  server: ServerProcess,
  text: string,
  milliseconds = 120_000,
): Promise<void> {
  if (server.output().includes(text)) return;
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (!server.output().includes(text)) return;
      finish();
      resolve();
    };
    const timer = setTimeout(() => {
      finish();
      server.child.kill('SIGKILL');
      reject(
        new Error(
          `the process did not print ${JSON.stringify(text)} within ${milliseconds} ms:\n${server.output()}`,
        ),
      );
    }, milliseconds);
    const finish = () => {
      clearTimeout(timer);
      server.child.stdout?.off('data', check);
      server.child.stderr?.off('data', check);
    };
    server.child.stdout?.on('data', check);
    server.child.stderr?.on('data', check);
    server.exited.then(
      ({ output }) => {
        finish();
        reject(new Error(`the process ended before printing ${JSON.stringify(text)}:\n${output}`));
      },
      (error: unknown) => {
        finish();
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Fails instead of hanging when the process does not end in time. */
export async function exitWithin(server: ServerProcess, milliseconds: number): Promise<Exit> {
  const timeout = sleep(milliseconds).then(() => {
    server.child.kill('SIGKILL');
    throw new Error(`server did not exit within ${milliseconds} ms`);
  });
  return Promise.race([server.exited, timeout]);
}
