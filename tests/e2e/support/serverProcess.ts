import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:https';
import { freePort } from '../../server/support/freePort';

/** The real server started as its own process, the way `npm start` runs it (built console included). */
export interface ServerProcess {
  url: string;
  dataDir: string;
  /** The server's process id (benchmarks read its CPU time from /proc). */
  pid: number;
  /** Everything the server printed so far (its pino request log included). */
  output(): string;
  /** Ends the server process, keeping its data directory and port for `resume` (the server is away). */
  halt(): Promise<void>;
  /** Starts the server again after `halt`, on the same port with the same data: it comes back. */
  resume(): Promise<void>;
  /** Stops the process without ending it (SIGSTOP): it keeps its connections and answers nothing. */
  freeze(): void;
  /** Lets a frozen process run again (SIGCONT): it handles what arrived meanwhile. */
  thaw(): void;
  /** Ends the server for good and removes its data directory. */
  stop(): Promise<void>;
}

/** GET over https trusting the server's self-signed certificate; resolves with the status code. */
function httpsStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { rejectUnauthorized: false, timeout: 2000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.end();
  });
}

export interface ServerProcessOptions {
  /**
   * A data directory whose `db` holds a migrated, empty PGlite database, copied into the new one: the
   * server then skips initdb (seconds of CPU) and still seeds as on a first start.
   */
  databaseTemplate?: string;
}

/** `env` goes on top of the test defaults; a PORT in it is used (known in advance by an identity provider). */
export async function startServerProcess(
  env: Record<string, string> = {},
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'dpp-e2e-'));
  if (options.databaseTemplate)
    cpSync(join(options.databaseTemplate, 'db'), join(dataDir, 'db'), { recursive: true });
  const url = `https://localhost:${port}`;
  const output: string[] = [];
  const launch = () =>
    launchServer(url, output, {
      ...process.env,
      PORT: String(port),
      HOST: 'localhost',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      ...env,
    });
  let child = await launch();

  return {
    url,
    dataDir,
    get pid() {
      return child.pid ?? 0;
    },
    output: () => output.join(''),
    halt: () => endProcess(child),
    freeze: () => void child.kill('SIGSTOP'),
    thaw: () => void child.kill('SIGCONT'),
    async resume() {
      if (child.exitCode === null && child.signalCode === null)
        throw new Error('the server is still running');
      child = await launch();
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGCONT');
      await endProcess(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Spawns the built server and resolves once its /health answers 200. */
async function launchServer(url: string, output: string[], env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'dist-server/main.js'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output.join('')}`);
    try {
      if ((await httpsStatus(`${url}/health`)) === 200) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy:\n${output.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Ends the server the way an operator does (SIGTERM), killing it if it has not exited in 10 s. */
async function endProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await exited;
  }
}
