// `npm run bench:media`: the media library's budgets (issue 5).
//  1. Upload throughput of a 50 MB file (streamed to the server; three runs, the median counts).
//  2. A 4000x3000 JPEG resized by the CDN to 740x500: cold (first ask, each on a fresh upload) and
//     from the rendition cache (keep-alive connection).
//  0. The media store on disk and on S3 (s3rver) side by side (bench/mediaStores.ts).
//  3. A folder of 2,000 files in Chromium: from a click on its tile until its grid shows (and from a
//     reload of /media/{folder} until the grid shows).
// Starts the real server as its own process with the built console (run `npm run build` first) on a
// temporary data directory, and signs in the demo user anne@voorbeeld.nl. Short mode (shortMode.ts): a
// 1 MB upload, 1 cold and 3 cached renditions, a folder of 20 files (and the same for the media stores).
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Agent, request, type RequestOptions } from 'node:https';
import path from 'node:path';
import sharp from 'sharp';
import type { MediaDirectorySummary, MediaFile } from '../server/src/contract/media';
import { demoUsers, environmentIds } from '../server/src/seed/ids';
import { launchBrowser, newDesktopContext } from '../tests/e2e/support/browser';
import { startServerProcess } from '../tests/e2e/support/serverProcess';
import { signIn } from '../tests/e2e/support/signIn';
import { multipartBody } from '../tests/server/support/mediaRequests';
import { signInWithCode } from '../tests/server/support/signIn';
import { measureStores, printStoreFigures } from './mediaStores';
import { benchSize } from './shortMode';
import { reportRows } from './table';

const env = environmentIds.zuiderveen;
const uploadMb = benchSize(50, 1);
const uploadSize = uploadMb * 1024 * 1024;
const coldRuns = benchSize(5, 1);
const warmRuns = benchSize(50, 3);
const gridFiles = benchSize(2000, 20);
/** Tiles in the grid that count as shown (the first screenful, or all of a short mode's few). */
const gridShownAt = Math.min(100, gridFiles);

interface Session {
  origin: string;
  ca: string;
  token: string;
  agent: Agent;
}

async function main(): Promise<void> {
  // Disk and S3 side by side first, on servers of their own (issue 27).
  const stores = await measureStores();
  printStoreFigures(stores);
  const server = await startServerProcess({ LOG_LEVEL: 'warn', ACCESS_TOKEN_TTL: '3600' });
  try {
    const ca = await readFile(path.join(server.dataDir, 'tls', 'localhost-cert.pem'), 'utf8');
    const session = await openSession(server.url, ca);
    const rootId = (await api<{ id: string }>(session, 'GET', '/media/')).id;

    console.log(`\nMedia benchmark, ${new Date().toISOString().slice(0, 10)}\n`);
    const uploads = await measureUploads(session, rootId);
    const resize = await measureResize(session, rootId);
    const grid = await measureGrid(session, server.url, rootId);

    console.log('\n| measurement | result |\n| --- | --- |');
    console.log(
      `| upload ${uploadMb} MB (median of 3) | ${uploads.medianMs.toFixed(0)} ms, ${uploads.mbPerSecond.toFixed(1)} MB/s |`,
    );
    console.log(
      `| 4000x3000 JPEG -> 740x500, cold (median / max of ${coldRuns}) | ${resize.coldMedian.toFixed(1)} ms / ${resize.coldMax.toFixed(1)} ms |`,
    );
    console.log(
      `| same from the rendition cache (median / p95 of ${warmRuns}) | ${resize.warmMedian.toFixed(1)} ms / ${resize.warmP95.toFixed(1)} ms |`,
    );
    console.log(
      `| folder of ${gridFiles} files: click to grid (median of 3) | ${grid.clickMedian.toFixed(0)} ms |`,
    );
    console.log(
      `| folder of ${gridFiles} files: reload to grid (median of 3) | ${grid.reloadMedian.toFixed(0)} ms |`,
    );
    reportRows([
      { measure: `media: upload ${uploadMb} MB, median of 3`, value: uploads.medianMs, unit: 'ms' },
      {
        measure: `media: JPEG 4000x3000 -> 740x500 cold, median of ${coldRuns}`,
        value: resize.coldMedian,
        unit: 'ms',
      },
      {
        measure: `media: same from the rendition cache, median of ${warmRuns}`,
        value: resize.warmMedian,
        unit: 'ms',
      },
      { measure: `media: folder of ${gridFiles} files, click to grid`, value: grid.clickMedian, unit: 'ms' },
      {
        measure: `media: folder of ${gridFiles} files, reload to grid`,
        value: grid.reloadMedian,
        unit: 'ms',
      },
    ]);
    session.agent.destroy();
  } finally {
    await server.stop();
  }
}

async function openSession(origin: string, ca: string): Promise<Session> {
  const agent = new Agent({ ca, keepAlive: true, maxSockets: 8 });
  const info = await rawJson<{ clientId: string; authority: string; apiScope: string }>(
    { origin, ca, token: '', agent },
    'GET',
    '/api/1/environment/info',
  );
  const tokens = await signInWithCode({ url: origin, ca, ...info }, demoUsers.anne.username);
  return { origin, ca, token: tokens.accessToken, agent };
}

/** 1. One 50 MB upload (uploadMb), streamed in 1 MB chunks (the client never holds it whole either). */
async function measureUploads(session: Session, rootId: string) {
  const folder = await api<MediaDirectorySummary>(
    session,
    'POST',
    `/directory?name=${encodeURIComponent(`Upload ${Date.now()}`)}&parentDirectory=${rootId}`,
  );
  const chunk = randomBytes(1024 * 1024);
  const times: number[] = [];
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    const status = await streamUpload(session, folder.id, `groot-${run}.bin`, uploadSize, chunk);
    times.push(performance.now() - started);
    if (status !== 200) throw new Error(`upload answered ${status}`);
  }
  const medianMs = median(times);
  console.log(`upload ${uploadMb} MB: ${times.map((time) => time.toFixed(0)).join(', ')} ms`);
  return { medianMs, mbPerSecond: uploadSize / (1024 * 1024) / (medianMs / 1000) };
}

/** 2. A photo-like 4000x3000 JPEG (gradients with grain), uploaded `coldRuns` times so each first ask is cold. */
async function measureResize(session: Session, rootId: string) {
  const photo = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 18 },
    },
  })
    .composite([{ input: Buffer.from(gradientSvg()), blend: 'overlay' }])
    .jpeg({ quality: 85 })
    .toBuffer();
  console.log(`test photo: 4000x3000 JPEG, ${(photo.length / 1024 / 1024).toFixed(1)} MB`);
  const cold: number[] = [];
  let lastFile: MediaFile | undefined;
  for (let run = 0; run < coldRuns; run += 1) {
    const { body, contentType } = multipartBody(`foto-${run}.jpg`, photo);
    lastFile = await api<MediaFile>(session, 'POST', `/directory/${rootId}/file`, body, contentType);
    const started = performance.now();
    const answer = await cdnGet(session, lastFile);
    cold.push(performance.now() - started);
    if (answer.cache !== 'MISS') throw new Error(`expected a cold rendition, got ${answer.cache}`);
  }
  const warm: number[] = [];
  for (let run = 0; run < warmRuns; run += 1) {
    const started = performance.now();
    const answer = await cdnGet(session, lastFile!);
    warm.push(performance.now() - started);
    if (answer.cache !== 'HIT') throw new Error(`expected a cache hit, got ${answer.cache}`);
  }
  console.log(`cold: ${cold.map((time) => time.toFixed(1)).join(', ')} ms`);
  return {
    coldMedian: median(cold),
    coldMax: Math.max(...cold),
    warmMedian: median(warm),
    warmP95: percentile(warm, 0.95),
  };
}

/** 3. 2,000 small images in one folder, then the grid in Chromium. */
async function measureGrid(session: Session, origin: string, rootId: string) {
  const name = 'Bench 2000';
  const folder = await api<MediaDirectorySummary>(
    session,
    'POST',
    `/directory?name=${encodeURIComponent(name)}&parentDirectory=${rootId}`,
  );
  const tiny = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#5b8def' } })
    .png()
    .toBuffer();
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < gridFiles; index = next++) {
      const { body, contentType } = multipartBody(`bestand-${String(index).padStart(4, '0')}.png`, tiny);
      await api(session, 'POST', `/directory/${folder.id}/file`, body, contentType);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: 8 }, worker));
  console.log(`created ${gridFiles} files in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const browser = await launchBrowser();
  try {
    const context = await newDesktopContext(browser);
    const page = await context.newPage();
    await signIn(page, origin);
    const gridShown = () =>
      page.waitForFunction(
        (minimum) => document.querySelectorAll('[data-testid="media-tile-file"]').length >= minimum,
        gridShownAt,
        { polling: 'raf', timeout: 30_000 },
      );
    const clicks: number[] = [];
    const reloads: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      await page.goto(`${origin}/media/`);
      const tile = page.getByRole('button', { name: `Map ${name} openen` });
      await tile.waitFor();
      const clicked = performance.now();
      await tile.click();
      await gridShown();
      clicks.push(performance.now() - clicked);

      const reloaded = performance.now();
      await page.goto(`${origin}/media/${encodeURIComponent(name)}`);
      await gridShown();
      reloads.push(performance.now() - reloaded);
    }
    console.log(
      `grid after click: ${clicks.map((time) => time.toFixed(0)).join(', ')} ms; after reload: ${reloads.map((time) => time.toFixed(0)).join(', ')} ms`,
    );
    return { clickMedian: median(clicks), reloadMedian: median(reloads) };
  } finally {
    await browser.close();
  }
}

function gradientSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3a7bd5"/><stop offset="0.5" stop-color="#f6d365"/><stop offset="1" stop-color="#2f6d3a"/></linearGradient></defs><rect width="4000" height="3000" fill="url(#g)"/><circle cx="2900" cy="800" r="420" fill="#fff3b0"/></svg>`;
}

async function cdnGet(session: Session, file: MediaFile): Promise<{ cache: string }> {
  const answer = await exchange(session, {
    method: 'GET',
    path: `/cdn/${env}/${file.id}${file.extension}?w=740&h=500&mode=crop`,
  });
  if (answer.status !== 200) throw new Error(`CDN answered ${answer.status}`);
  return { cache: String(answer.headers['x-cache']) };
}

async function api<T>(
  session: Session,
  method: string,
  apiPath: string,
  body?: Buffer,
  contentType?: string,
): Promise<T> {
  return rawJson<T>(session, method, `/api/1/${env}${apiPath}`, body, contentType);
}

async function rawJson<T>(
  session: Session,
  method: string,
  fullPath: string,
  body?: Buffer,
  contentType?: string,
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (session.token)
    Object.assign(headers, { authorization: `Bearer ${session.token}`, 'x-environment-id': env });
  if (contentType) headers['content-type'] = contentType;
  const answer = await exchange(session, { method, path: fullPath, headers }, body);
  if (answer.status >= 300)
    throw new Error(`${method} ${fullPath} answered ${answer.status}: ${answer.body.toString('utf8')}`);
  return JSON.parse(answer.body.toString('utf8')) as T;
}

function exchange(session: Session, options: RequestOptions, body?: Buffer) {
  const { hostname, port } = new URL(session.origin);
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    const req = request({ hostname, port, agent: session.agent, ...options }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

function streamUpload(
  session: Session,
  directoryId: string,
  fileName: string,
  size: number,
  chunk: Buffer,
): Promise<number> {
  const { body: envelope, contentType } = multipartBody(fileName, Buffer.alloc(0));
  const split = envelope.indexOf('\r\n--', envelope.length - 64);
  const head = envelope.subarray(0, split);
  const tail = envelope.subarray(split);
  const { hostname, port } = new URL(session.origin);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        hostname,
        port,
        agent: session.agent,
        method: 'POST',
        path: `/api/1/${env}/directory/${directoryId}/file`,
        headers: {
          authorization: `Bearer ${session.token}`,
          'x-environment-id': env,
          'content-type': contentType,
          'content-length': String(head.length + size + tail.length),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    void (async () => {
      req.write(head);
      for (let sent = 0; sent < size; sent += chunk.length) {
        const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
        if (!req.write(part)) await new Promise((done) => req.once('drain', done));
      }
      req.end(tail);
    })();
  });
}

function median(values: number[]): number {
  return percentile(values, 0.5);
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}

await main();
