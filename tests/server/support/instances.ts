import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './freePort';
import { exitWithin, spawnServer, waitForHealth, type ServerProcess } from './serverProcess';

/** One server process of several sharing a database (and a bucket), reached on its own port. */
export interface Instance {
  name: string;
  dataDir: string;
  port: number;
  url: string;
  /** Its self-signed certificate, to trust it directly. */
  ca: string;
  process: ServerProcess;
}

/**
 * Starts the built server as instance `name` with `env` (DATABASE_URL, the S3 settings, …) on a port and
 * data directory of its own; `previous` starts it again on the same ones.
 */
export async function startInstance(
  name: string,
  env: Record<string, string>,
  previous?: Pick<Instance, 'dataDir' | 'port'>,
): Promise<Instance> {
  const dataDir = previous?.dataDir ?? (await mkdtemp(path.join(tmpdir(), `dpp-instance-${name}-`)));
  const port = previous?.port ?? (await freePort());
  const child = spawnServer({ ...env, DATA_DIR: dataDir, PORT: String(port), HOST: 'localhost' });
  const url = `https://localhost:${port}`;
  await waitForHealth(child, url, dataDir);
  const ca = await readFile(path.join(dataDir, 'tls', 'localhost-cert.pem'), 'utf8');
  return { name, dataDir, port, url, ca, process: child };
}

/** Stops a still running instance (SIGTERM, bounded) and removes its data directory. */
export async function removeInstance(instance: Instance): Promise<void> {
  if (instance.process.child.exitCode === null && instance.process.child.signalCode === null) {
    instance.process.child.kill('SIGTERM');
    await exitWithin(instance.process, 20_000);
  }
  await rm(instance.dataDir, { recursive: true, force: true });
}
