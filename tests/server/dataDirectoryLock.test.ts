import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirectoryLockedError, lockDataDirectory } from '../../server/src/db/lock';
import { freePort } from './support/freePort';
import { copyPgliteTemplate } from './support/pgliteTemplate';
import { exitWithin, spawnedServerTimeout, spawnServer, waitForOutput } from './support/serverProcess';
import { startTestServer, type TestServer } from './support/testServer';

describe('exclusive data directory', () => {
  let server: TestServer;
  beforeAll(async () => {
    // The lock guards the embedded database; on PostgreSQL several instances may share a data directory.
    server = await startTestServer({ DATABASE_URL: '' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it(
    'refuses a second server on the same data directory at once, with a clear message',
    async () => {
      const second = spawnServer({
        DATA_DIR: server.config.dataDir,
        PORT: String(await freePort()),
        HOST: 'localhost',
      });
      const exit = await exitWithin(second, 60_000);
      expect(exit.code).toBe(1);
      expect(exit.output).toContain(
        `The data directory ${server.config.dataDir} is in use by another server (process ${process.pid})`,
      );
      // The first server is unharmed and still holds the lock.
      expect((await server.api('GET', '/health')).status).toBe(200);
      expect(lockOwnerPid(server.config.dataDir)).toBe(String(process.pid));
    },
    spawnedServerTimeout,
  );
});

describe('stopping', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'dpp-stop-test-'));
    await copyPgliteTemplate(dataDir); // about stopping, not a first start: no initdb to wait for
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'exits 0 on SIGTERM, even one that comes while it starts, and releases the data directory',
    async () => {
      const port = await freePort();
      const server = spawnServer({
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: 'localhost',
        LOG_LEVEL: 'info',
      });
      // Listening, the start has not finished: it still asks the database whether an environment exists.
      // Without a listener from before the start, Node's default ends the process here, lock and all.
      await waitForOutput(server, '"msg":"server listening"');
      const lockOwner = existsSync(path.join(dataDir, 'server.lock')) ? lockOwnerPid(dataDir) : undefined;
      server.child.kill('SIGTERM');
      const exit = await exitWithin(server, 15_000);
      expect(lockOwner).toBe(String(server.child.pid));
      expect(exit.code).toBe(0);
      expect(exit.output).toContain('runs at https://localhost:');
      expect(exit.output).toContain('SIGTERM received, shutting down…');
      expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    },
    spawnedServerTimeout,
  );
});

describe('data directory lock file', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'dpp-lock-test-'));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('takes over a stale lock left by a process that is gone, and removes it on release', async () => {
    const deadPid = await pidOfFinishedProcess();
    const lockPath = path.join(dataDir, 'server.lock');
    writeFileSync(lockPath, `${deadPid}\n`);
    const lock = lockDataDirectory(dataDir);
    expect(lockOwnerPid(dataDir)).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lockPath)).toBe(false);
  });

  it('takes over a stale lock whose PID now belongs to another live process (PID reused)', async () => {
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60_000)']);
    try {
      const pid = other.pid ?? 0;
      const lockPath = path.join(dataDir, 'server.lock');
      // The crashed owner had this PID but started at another moment than the live process now carrying it.
      writeFileSync(lockPath, `${pid}\n1\n${bootId()}\n`);
      const lock = lockDataDirectory(dataDir);
      expect(lockOwnerPid(dataDir)).toBe(String(process.pid));
      lock.release();
      // The same live process recorded with its own start time is a real owner: refused.
      writeFileSync(lockPath, `${pid}\n${startTimeOf(pid)}\n${bootId()}\n`);
      expect(() => lockDataDirectory(dataDir)).toThrow(DataDirectoryLockedError);
      rmSync(lockPath);
    } finally {
      other.kill();
    }
  });

  it('refuses a second lock within the same process', () => {
    const lock = lockDataDirectory(dataDir);
    try {
      expect(() => lockDataDirectory(dataDir)).toThrow(DataDirectoryLockedError);
    } finally {
      lock.release();
    }
  });
});

function lockOwnerPid(dataDir: string): string | undefined {
  return readFileSync(path.join(dataDir, 'server.lock'), 'utf8').split('\n')[0];
}

function bootId(): string {
  return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
}

/** Field 22 of /proc/{pid}/stat: the process's start time in clock ticks since boot. */
function startTimeOf(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
}

function pidOfFinishedProcess(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', '0']);
    child.on('error', reject);
    child.on('exit', () => (child.pid ? resolve(child.pid) : reject(new Error('no pid'))));
  });
}
