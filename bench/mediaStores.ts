// Part of `npm run bench:media` (issue 27): the media store on the local disk and on an S3-compatible
// bucket (s3rver in this process, 127.0.0.1), side by side in one run, interleaved round by round:
//  - upload throughput: 50 files of 2 MB (4 at once), in 5 rounds of 10 per store;
//  - renditions of a 2400x1600 JPEG to 740x500: cold (each on a fresh upload) and cached.
// Two server processes (one per store, each on its own PGlite); the demo user anne signs in to each.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { MediaFile } from '../server/src/contract/media';
import { demoUsers, environmentIds, mediaIds } from '../server/src/seed/ids';
import { startServerProcess, type ServerProcess } from '../tests/e2e/support/serverProcess';
import { rawRequest, uploadRequest } from '../tests/server/support/mediaRequests';
import { startTestS3 } from '../tests/server/support/s3Server';
import { signInWithCode } from '../tests/server/support/signIn';
import { benchSize } from './shortMode';

const env = environmentIds.zuiderveen;
const fileMb = benchSize(2, 0.25);
const fileBytes = fileMb * 1024 * 1024;
const rounds = benchSize(5, 1);
const filesPerRound = benchSize(10, 2);
const uploadsAtOnce = 4;
const coldRuns = benchSize(5, 1);
const cachedRuns = benchSize(30, 2);

interface Target {
  label: string;
  server: ServerProcess;
  url: string;
  certificatePem: string;
  token: string;
  uploadMs: number[];
  cold: number[];
  cached: number[];
}

export interface StoreFigures {
  label: string;
  uploadMbPerSecond: number;
  coldMedianMs: number;
  cachedMedianMs: number;
  cachedP95Ms: number;
}

export async function measureStores(): Promise<StoreFigures[]> {
  const s3 = await startTestS3();
  const targets: Target[] = [];
  try {
    for (const [label, extra] of [
      ['disk', {}],
      ['s3 (s3rver)', s3.env],
    ] as const) {
      const server = await startServerProcess({ LOG_LEVEL: 'warn', ACCESS_TOKEN_TTL: '3600', ...extra });
      const certificatePem = await readFile(path.join(server.dataDir, 'tls', 'localhost-cert.pem'), 'utf8');
      const info = await rawRequest({
        method: 'GET',
        origin: server.url,
        path: '/api/1/environment/info',
        ca: certificatePem,
      });
      const tokens = await signInWithCode(
        { url: server.url, ca: certificatePem, ...JSON.parse(info.body.toString('utf8')) },
        demoUsers.anne.username,
      );
      targets.push({
        label,
        server,
        url: server.url,
        certificatePem,
        token: tokens.accessToken,
        uploadMs: [],
        cold: [],
        cached: [],
      });
    }
    const content = randomBytes(fileBytes);
    for (let round = 0; round < rounds; round += 1) {
      for (const target of round % 2 === 0 ? targets : [...targets].reverse()) {
        const started = performance.now();
        let next = 0;
        const lane = async () => {
          for (let index = next++; index < filesPerRound; index = next++) {
            const answer = await upload(target, `r${round}-${index}.bin`, content);
            if (answer.status !== 200) throw new Error(`${target.label}: upload answered ${answer.status}`);
          }
        };
        await Promise.all(Array.from({ length: uploadsAtOnce }, lane));
        target.uploadMs.push(performance.now() - started);
      }
    }
    const photo = await sharp({
      create: {
        width: 2400,
        height: 1600,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 18 },
      },
    })
      .jpeg({ quality: 85 })
      .toBuffer();
    for (let run = 0; run < coldRuns; run += 1) {
      for (const target of targets) {
        const file = JSON.parse(
          (await upload(target, `foto-${run}.jpg`, photo)).body.toString('utf8'),
        ) as MediaFile;
        const started = performance.now();
        const answer = await rendition(target, file.id);
        target.cold.push(performance.now() - started);
        if (answer.headers['x-cache'] !== 'MISS')
          throw new Error(`${target.label}: expected a cold rendition`);
        if (run === coldRuns - 1)
          for (let hit = 0; hit < cachedRuns; hit += 1) {
            const again = performance.now();
            const cached = await rendition(target, file.id);
            target.cached.push(performance.now() - again);
            if (cached.headers['x-cache'] !== 'HIT') throw new Error(`${target.label}: expected a cache hit`);
          }
      }
    }
    return targets.map((target) => ({
      label: target.label,
      uploadMbPerSecond: (filesPerRound * rounds * fileBytes) / 1024 / 1024 / (sum(target.uploadMs) / 1000),
      coldMedianMs: percentile(target.cold, 0.5),
      cachedMedianMs: percentile(target.cached, 0.5),
      cachedP95Ms: percentile(target.cached, 0.95),
    }));
  } finally {
    for (const target of targets) await target.server.stop();
    await s3.close();
  }
}

/** Prints the figures as one table, the stores side by side. */
export function printStoreFigures(figures: StoreFigures[]): void {
  console.log(`\n| media store | ${figures.map((figure) => figure.label).join(' | ')} |`);
  console.log(`| --- | ${figures.map(() => '---').join(' | ')} |`);
  const row = (name: string, value: (figure: StoreFigures) => string) =>
    console.log(`| ${name} | ${figures.map(value).join(' | ')} |`);
  row(
    `upload ${rounds * filesPerRound} x ${fileMb} MB, ${uploadsAtOnce} at once`,
    (f) => `${f.uploadMbPerSecond.toFixed(1)} MB/s`,
  );
  row(`2400x1600 JPEG -> 740x500 cold (median of ${coldRuns})`, (f) => `${f.coldMedianMs.toFixed(1)} ms`);
  row(
    `same, cached (median / p95 of ${cachedRuns})`,
    (f) => `${f.cachedMedianMs.toFixed(1)} / ${f.cachedP95Ms.toFixed(1)} ms`,
  );
}

function upload(target: Target, fileName: string, content: Buffer) {
  return uploadRequest(target, {
    token: target.token,
    env,
    directoryId: mediaIds.zuiderveen.documents,
    fileName,
    content,
  });
}

function rendition(target: Target, fileId: string) {
  return rawRequest({
    method: 'GET',
    origin: target.url,
    path: `/cdn/${env}/${fileId}.jpg?w=740&h=500&mode=crop`,
    ca: target.certificatePem,
  });
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}

// Run alone: `npx tsx bench/mediaStores.ts` (after `npm run build`).
if (import.meta.url === `file://${process.argv[1]}`) printStoreFigures(await measureStores());
