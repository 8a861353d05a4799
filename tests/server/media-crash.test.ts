import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { MediaDirectory } from '../../server/src/contract/media';
import { demoUsers, environmentIds, mediaIds } from '../../server/src/seed/ids';
import { freePort } from './support/freePort';
import { authHeaders, multipartBody, rawRequest } from './support/mediaRequests';
import { signInWithCode } from './support/signIn';
import { listFiles } from './support/mediaFiles';
import { copyPgliteTemplate } from './support/pgliteTemplate';
import { serverBundle } from './support/serverProcess';

const env = environmentIds.zuiderveen;

/** The real server as its own process (the built `dist-server/main.js`), so it can be killed hard. */
interface ServerProcess {
  origin: string;
  ca: string;
  child: ChildProcess;
  output: string[];
}

/** Starts the server; `cleanups` stops it even when the test ends (or times out) while it starts. */
async function startServerProcess(
  dataDir: string,
  port: number,
  cleanups: Array<() => Promise<void>>,
): Promise<ServerProcess> {
  const output: string[] = [];
  const child = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: 'localhost',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      STATIC_DIR: path.join(dataDir, 'no-console-build'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(async () => {
    child.kill('SIGKILL');
    await exited(child);
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const origin = `https://localhost:${port}`;
  const certPath = path.join(dataDir, 'tls', 'localhost-cert.pem');
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output.join('')}`);
    if (existsSync(certPath)) {
      const ca = await readFile(certPath, 'utf8');
      const healthy = await rawRequest({ method: 'GET', origin, path: '/health', ca }).then(
        (response) => response.status === 200,
        () => false,
      );
      if (healthy) return { origin, ca, child, output };
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy:\n${output.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function signIn(server: ServerProcess): Promise<string> {
  const info = await rawRequest({
    method: 'GET',
    origin: server.origin,
    path: '/api/1/environment/info',
    ca: server.ca,
  });
  const { clientId, authority, apiScope } = JSON.parse(info.body.toString('utf8')) as Record<string, string>;
  const tokens = await signInWithCode(
    { url: server.origin, ca: server.ca, clientId, authority, apiScope },
    demoUsers.anne.username,
  );
  return tokens.accessToken;
}

async function readFolder(server: ServerProcess, token: string, folderPath: string): Promise<MediaDirectory> {
  const response = await rawRequest({
    method: 'GET',
    origin: server.origin,
    path: `/api/1/${env}/media${folderPath}`,
    headers: authHeaders(token, env),
    ca: server.ca,
  });
  expect(response.status).toBe(200);
  return JSON.parse(response.body.toString('utf8')) as MediaDirectory;
}

async function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((resolve) => child.once('exit', resolve));
}

describe('upload crash safety (server killed mid-upload)', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('leaves neither a record nor a stray file after SIGKILL and a restart on the same data directory', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-media-crash-'));
    await copyPgliteTemplate(dataDir);
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const first = await startServerProcess(dataDir, port, cleanups);
    const mediaDir = path.join(dataDir, 'media');
    const storedBefore = await listFiles(path.join(mediaDir, 'objects', 'files'));
    const token = await signIn(first);
    const folderBefore = await readFolder(first, token, '/Documenten');

    // Start a 40 MB upload and feed it slowly, so the server is mid-way when it dies.
    const size = 40 * 1024 * 1024;
    const { body: envelope, contentType } = multipartBody('groot-bestand.bin', Buffer.alloc(0));
    const boundaryEnd = envelope.indexOf('\r\n--', envelope.length - 64);
    const head = envelope.subarray(0, boundaryEnd);
    const tail = envelope.subarray(boundaryEnd);
    const upload = request({
      method: 'POST',
      hostname: 'localhost',
      port,
      path: `/api/1/${env}/directory/${mediaIds.zuiderveen.documents}/file`,
      headers: {
        ...authHeaders(token, env),
        'content-type': contentType,
        'content-length': String(head.length + size + tail.length),
      },
      ca: first.ca,
    });
    const uploadOutcome = new Promise<string>((resolve) => {
      upload.on('response', (response) => resolve(`answered ${response.statusCode}`));
      upload.on('error', (error) => resolve(`failed: ${error.message}`));
    });
    upload.write(head);
    const chunk = Buffer.alloc(256 * 1024, 42);
    const tmpDir = path.join(mediaDir, 'tmp');
    let sent = 0;
    let staged: string[] = [];
    while (sent < size / 2) {
      if (!upload.write(chunk)) await new Promise((resolve) => upload.once('drain', resolve));
      sent += chunk.length;
      staged = await listFiles(tmpDir);
      if (staged.length > 0 && (await stat(path.join(tmpDir, staged[0]!))).size > 2 * 1024 * 1024) break;
    }
    expect(staged).toHaveLength(1);
    expect(sent).toBeLessThan(size);

    first.child.kill('SIGKILL');
    await exited(first.child);
    expect(await uploadOutcome).toMatch(/^failed/);
    // The crash left a half-written staged file behind ...
    expect(await listFiles(tmpDir)).toEqual(staged);
    // ... and, as if a crash had hit between moving bytes into place and committing the record,
    // unreferenced bytes and a rendition of them.
    const orphanId = randomUUID();
    await mkdir(path.join(mediaDir, 'objects', 'files', env), { recursive: true });
    await writeFile(path.join(mediaDir, 'objects', 'files', env, orphanId), 'half-registered');
    await mkdir(path.join(mediaDir, 'objects', 'renditions', env, orphanId), { recursive: true });
    await writeFile(path.join(mediaDir, 'objects', 'renditions', env, orphanId, '80x80-crop'), 'stale');

    const second = await startServerProcess(dataDir, port, cleanups);
    expect(await listFiles(tmpDir)).toEqual([]);
    expect(await listFiles(path.join(mediaDir, 'objects', 'files'))).toEqual(storedBefore);
    expect(await listFiles(path.join(mediaDir, 'objects', 'renditions'))).toEqual([]);
    const folderAfter = await readFolder(second, await signIn(second), '/Documenten');
    expect(folderAfter.files).toEqual(folderBefore.files);
    expect(folderAfter.files.some((file) => file.originalName === 'groot-bestand.bin')).toBe(false);
    // Two server starts, each up to 150 s on a loaded machine.
  }, 360_000);
});
