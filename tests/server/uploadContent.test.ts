import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaDirectory, MediaFile } from '../../server/src/contract/media';
import { demoUsers, environmentIds, mediaIds } from '../../server/src/seed/ids';
import { listFiles, tinyPng } from './support/mediaFiles';
import { uploadRequest } from './support/mediaRequests';
import { startTestServer, type TestServer } from './support/testServer';

const env = environmentIds.zuiderveen;
const folder = mediaIds.zuiderveen.documents;

const svg =
  '<?xml version="1.0" encoding="UTF-8"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#c30"/></svg>';
const html = '<!doctype html><html><body><script>alert(document.domain)</script></body></html>';

/**
 * Uploads are judged by their bytes, not by their name (issue 28, finding 8): an image extension must
 * carry that image format, SVG must be SVG markup, and a refused upload keeps nothing.
 */
describe('upload content matches its extension', () => {
  let server: TestServer;
  let token: string;

  const upload = (fileName: string, content: Buffer) =>
    uploadRequest(server, { token, env, directoryId: folder, fileName, content });
  const storedObjects = () => listFiles(path.join(server.config.dataDir, 'media'));
  const filesInFolder = async () => {
    const response = await server.api<MediaDirectory>('GET', '/media/Documenten', { token, env });
    return response.body.files.map((file) => file.name).sort();
  };

  beforeAll(async () => {
    server = await startTestServer();
    token = (await server.signIn(demoUsers.anne.username)).accessToken;
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each([
    ['SVG markup as .png', 'logo.png', Buffer.from(svg), 'PNG'],
    ['HTML as .jpg', 'foto.jpg', Buffer.from(html), 'JPEG'],
    ['HTML as .webp', 'foto.webp', Buffer.from(html), 'WebP'],
    ['SVG markup as .gif', 'bewegend.GIF', Buffer.from(svg), 'GIF'],
    ['HTML as .svg', 'tekening.svg', Buffer.from(html), 'SVG'],
    ['an empty .jpeg', 'leeg.jpeg', Buffer.alloc(0), 'JPEG'],
  ])('refuses %s with a Dutch 400 naming the field, and keeps nothing', async (_label, name, bytes, kind) => {
    const objectsBefore = await storedObjects();
    const filesBefore = await filesInFolder();
    const response = await upload(name, bytes);
    expect(response.status).toBe(400);
    const body = JSON.parse(response.body.toString('utf8')) as { message: string; field: string };
    expect(body).toMatchObject({ status: 400, field: 'file' });
    expect(body.message).toContain(kind);
    expect(body.message).toContain(path.extname(name).toLowerCase());
    expect(await storedObjects()).toEqual(objectsBefore);
    expect(await filesInFolder()).toEqual(filesBefore);
  });

  it('refuses PNG bytes under a .gif name: a raster image must be the format its extension names', async () => {
    const response = await upload('plaatje.gif', await tinyPng());
    expect(response.status).toBe(400);
  });

  it('accepts each image format under its own extension, .jpg and .jpeg alike, and SVG markup as .svg', async () => {
    const pixels = sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366cc' } });
    const uploads: Array<[string, Buffer]> = [
      ['vierkant.png', await tinyPng()],
      ['vierkant.jpg', await pixels.clone().jpeg().toBuffer()],
      ['vierkant.JPEG', await pixels.clone().jpeg().toBuffer()],
      ['vierkant.gif', await pixels.clone().gif().toBuffer()],
      ['vierkant.webp', await pixels.clone().webp().toBuffer()],
      ['tekening.svg', Buffer.from(`\ufeff  ${svg}`)],
      ['bare.svg', Buffer.from('<svg viewBox="0 0 1 1"></svg>')],
      // Other files are always sent as downloads under a script-free policy: their bytes are not judged.
      ['notities.txt', Buffer.from(html)],
    ];
    for (const [name, bytes] of uploads) {
      const response = await upload(name, bytes);
      expect(response.status, name).toBe(200);
      const file = JSON.parse(response.body.toString('utf8')) as MediaFile;
      expect(file.name).toBe(name);
    }
    expect(await filesInFolder()).toEqual(expect.arrayContaining(uploads.map(([name]) => name)));
  });
});
