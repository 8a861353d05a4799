import { stat } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaFile } from '../../server/src/contract/media';
import { demoUsers, environmentIds, mediaIds } from '../../server/src/seed/ids';
import { listFiles, tinyPng } from './support/mediaFiles';
import { rawRequest, uploadRequest, type BinaryResponse } from './support/mediaRequests';
import { startTestServer, type TestServer } from './support/testServer';

const env = environmentIds.zuiderveen;
const cacheBudget = 6_000;

/**
 * The public image CDN cannot be made to burn CPU or fill the disk (issue 14, finding 1): sizes snap to a
 * ladder, nothing is enlarged, only the first frame is rendered, huge images are refused, renders wait
 * in a bounded queue, the rendition cache keeps to a byte budget and every client address is rate-limited.
 */
describe('image CDN bounds', () => {
  let server: TestServer;
  let token: string;

  const get = (requestPath: string, headers: Record<string, string> = {}) =>
    rawRequest({ method: 'GET', origin: server.url, path: requestPath, headers, ca: server.certificatePem });
  const upload = async (fileName: string, content: Buffer): Promise<MediaFile> => {
    const response = await uploadRequest(server, {
      token,
      env,
      directoryId: mediaIds.zuiderveen.documents,
      fileName,
      content,
    });
    expect(response.status).toBe(200);
    return JSON.parse(response.body.toString('utf8')) as MediaFile;
  };
  const sizeOf = async (response: BinaryResponse) => {
    const { width, height, pages } = await sharp(response.body).metadata();
    return { width, height, pages: pages ?? 1 };
  };
  const renditionsDir = () => path.join(server.config.dataDir, 'media', 'objects', 'renditions');
  const cachedBytes = async () => {
    let total = 0;
    for (const file of await listFiles(renditionsDir()))
      total += (await stat(path.join(renditionsDir(), file))).size;
    return total;
  };

  beforeAll(async () => {
    server = await startTestServer({
      CDN_CACHE_BYTES: String(cacheBudget),
      CDN_RENDER_CONCURRENCY: '1',
      CDN_RENDER_QUEUE: '0',
    });
    token = (await server.signIn(demoUsers.anne.username)).accessToken;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('never enlarges: a 20x20 image asked at 4000x4000 is answered at its own size, a crop box shrinks to fit', async () => {
    const image = await upload('klein.png', await tinyPng());
    const huge = await get(`/cdn/${env}/${image.id}.png?w=4000&h=4000&mode=crop`);
    expect(huge.status).toBe(200);
    expect(await sizeOf(huge)).toMatchObject({ width: 20, height: 20 });
    const detail = await get(`/cdn/${env}/${image.id}.png?w=740&h=500&mode=crop`);
    expect(await sizeOf(detail)).toMatchObject({ width: 20, height: 14 });
    const fitted = await get(`/cdn/${env}/${image.id}.png?w=4000`);
    expect(await sizeOf(fitted)).toMatchObject({ width: 20, height: 20 });
  });

  it('renders only the first frame of an animated GIF', async () => {
    const frames = await Promise.all(
      ['#ff0000', '#00ff00', '#0000ff'].map((background) =>
        sharp({ create: { width: 30, height: 30, channels: 4, background } })
          .raw()
          .toBuffer(),
      ),
    );
    const gif = await sharp(Buffer.concat(frames), {
      raw: { width: 30, height: 90, channels: 4, pageHeight: 30 },
    })
      .gif()
      .toBuffer();
    expect((await sharp(gif, { pages: -1 }).metadata()).pages).toBe(3);
    const image = await upload('bewegend.gif', gif);
    const response = await get(`/cdn/${env}/${image.id}.gif?w=16&h=16&mode=crop`);
    expect(response.status).toBe(200);
    expect(await sizeOf(response)).toEqual({ width: 16, height: 16, pages: 1 });
  });

  it('refuses to decode an image of more than 64 megapixels (422), however small its file', async () => {
    const image = await upload('reus.png', blankGreyPng(9000, 9000));
    const response = await get(`/cdn/${env}/${image.id}.png?w=80&h=80&mode=crop`);
    expect(response.status).toBe(422);
    expect(JSON.parse(response.body.toString('utf8'))).toMatchObject({
      status: 422,
      message: 'Deze afbeelding heeft te veel pixels om te verkleinen.',
    });
  });

  it('keeps all cached sizes of all images within CDN_CACHE_BYTES, dropping the least recently used', async () => {
    // Noise does not compress: each cached size takes about a kilobyte, twenty of them more than the budget.
    const images = [await upload('een.png', await noisePng()), await upload('twee.png', await noisePng())];
    for (const image of images) {
      for (const side of [16, 24, 32, 48, 64, 80, 96, 120, 160, 200]) {
        const response = await get(`/cdn/${env}/${image.id}.png?w=${side}&h=${side}&mode=crop`);
        expect(response.status).toBe(200);
      }
    }
    // The last size asked is written after its answer; then the budget holds.
    const last = path.join(env, images[1]!.id, '200x200-crop');
    await expect.poll(() => listFiles(renditionsDir())).toContain(last);
    expect(await cachedBytes()).toBeLessThanOrEqual(cacheBudget);
    expect(await cachedBytes()).toBeGreaterThan(0);
    // The first image's sizes went first (least recently used).
    const first = path.join(env, images[0]!.id, '16x16-crop');
    expect(await listFiles(renditionsDir())).not.toContain(first);
  });

  it('renders one image at a time here (CDN_RENDER_CONCURRENCY=1, no queue): further asks get 503 with Retry-After', async () => {
    const large = await sharp({
      create: {
        width: 2400,
        height: 1600,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const image = await upload('groot.png', large);
    const sides = [200, 240, 320, 400, 500, 600];
    const answers = await Promise.all(
      sides.map((side) => get(`/cdn/${env}/${image.id}.png?w=${side}&mode=crop`)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    const busy = answers.filter((answer) => answer.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]!.headers['retry-after']).toBe('2');
    expect(busy[0]!.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(busy[0]!.body.toString('utf8'))).toMatchObject({
      status: 503,
      message: expect.stringContaining('te druk'),
    });
  });
});

describe('image CDN render budget per client address', () => {
  let server: TestServer;
  let token: string;
  let now = Date.parse('2026-11-25T12:00:00Z');
  let image: MediaFile;

  const get = (address: string, query: string, headers: Record<string, string> = {}) =>
    rawRequest({
      method: 'GET',
      origin: server.url,
      path: `/cdn/${env}/${image.id}.png?${query}`,
      // TRUST_PROXY=on: the client address is the one the proxy names.
      headers: { 'x-forwarded-for': address, ...headers },
      ca: server.certificatePem,
    });
  const json = (response: BinaryResponse) => JSON.parse(response.body.toString('utf8')) as unknown;

  beforeAll(async () => {
    server = await startTestServer(
      {
        TRUST_PROXY: 'on',
        // One 2400 x 1600 render (3.84 megapixels) and a bit: the second fresh size overdraws the budget.
        CDN_RENDER_BUDGET: '5',
        CDN_ANONYMOUS_MAX_PIXELS: '1000000',
      },
      { cdnClock: () => now },
    );
    token = (await server.signIn(demoUsers.anne.username)).accessToken;
    const photo = await sharp({
      create: { width: 2400, height: 1600, channels: 3, background: '#808080' },
    })
      .png()
      .toBuffer();
    const response = await uploadRequest(server, {
      token,
      env,
      directoryId: mediaIds.zuiderveen.documents,
      fileName: 'plein.png',
      content: photo,
    });
    image = JSON.parse(response.body.toString('utf8')) as MediaFile;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('renders a large image only for a signed-in ask; anonymous asks get 422 until that size is cached', async () => {
    const anonymous = await get('198.51.100.7', 'w=740&h=500&mode=crop');
    expect(anonymous.status).toBe(422);
    expect(json(anonymous)).toMatchObject({
      status: 422,
      message: expect.stringContaining('te veel pixels'),
    });
    // A token that does not verify is an anonymous ask, not a refusal.
    const forged = await get('198.51.100.7', 'w=740&h=500&mode=crop', { authorization: 'Bearer nep' });
    expect(forged.status).toBe(422);
    const signedIn = await get('198.51.100.8', 'w=740&h=500&mode=crop', { authorization: `Bearer ${token}` });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers['x-cache']).toBe('MISS');
    await expect.poll(async () => (await get('198.51.100.7', 'w=740&h=500&mode=crop')).status).toBe(200);
    const cached = await get('198.51.100.7', 'w=740&h=500&mode=crop');
    expect(cached.headers['x-cache']).toBe('HIT');
  });

  it('answers 429 to an address over its budget while another address is served, and refills with time', async () => {
    const greedy = '203.0.113.1';
    const other = '203.0.113.2';
    const signedIn = { authorization: `Bearer ${token}` };
    // 3.84 megapixels of the 5: admitted. 1.16 left: admitted, and overdrawn.
    const first = await get(greedy, 'w=80&h=80&mode=crop', signedIn);
    expect([first.status, first.headers['x-cache']]).toEqual([200, 'MISS']);
    expect((await get(greedy, 'w=96&h=96&mode=crop', signedIn)).status).toBe(200);
    const refused = await get(greedy, 'w=120&h=120&mode=crop', signedIn);
    expect(refused.status).toBe(429);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(json(refused)).toMatchObject({
      status: 429,
      message: expect.stringMatching(
        /^Te veel nieuwe afbeeldingsformaten gevraagd\. Probeer het over \d+ seconden opnieuw\.$/,
      ),
    });
    // Meanwhile another address has its own budget: the size the first was refused renders for it.
    const served = await get(other, 'w=120&h=120&mode=crop', signedIn);
    expect([served.status, served.headers['x-cache']]).toEqual([200, 'MISS']);
    // The address over budget still gets every cached size.
    await expect.poll(async () => (await get(greedy, 'w=80&h=80&mode=crop')).headers['x-cache']).toBe('HIT');
    expect((await get(greedy, 'w=160&h=160&mode=crop', signedIn)).status).toBe(429);
    // A minute later the budget has refilled.
    now += 60_000;
    expect((await get(greedy, 'w=160&h=160&mode=crop', signedIn)).status).toBe(200);
  });
});

describe('image CDN rate limit', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ CDN_RATE_LIMIT: '3' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 429 with a Dutch message once one address asked more than CDN_RATE_LIMIT per minute', async () => {
    const logo = `/cdn/${env}/${mediaIds.zuiderveen.logoFile}.png?w=80&h=80&mode=crop`;
    const get = () =>
      rawRequest({ method: 'GET', origin: server.url, path: logo, ca: server.certificatePem });
    for (let ask = 0; ask < 3; ask += 1) expect((await get()).status).toBe(200);
    const limited = await get();
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.body.toString('utf8'))).toMatchObject({
      status: 429,
      message: expect.stringMatching(/^Te veel verzoeken\. Probeer het over \d+ seconden opnieuw\.$/),
    });
    // The API is not limited by the CDN's budget.
    expect((await server.api('GET', '/health')).status).toBe(200);
  });
});

/** A 20x20 PNG of random pixels. */
function noisePng(): Promise<Buffer> {
  return sharp({
    create: {
      width: 20,
      height: 20,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
}

/**
 * An 8-bit grey PNG of `width` x `height` pixels, all black: a few hundred kilobytes on disk for tens of
 * megapixels once decoded (the shape of a decompression bomb).
 */
function blankGreyPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // bit depth 8, greyscale, deflate, no filter, no interlace
  const rows = Buffer.alloc((width + 1) * height); // each row: filter byte 0, then zero pixels
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
