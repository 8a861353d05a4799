import { S3Client, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaFile } from '../../server/src/contract/media';
import { demoUsers, environmentIds, mediaIds } from '../../server/src/seed/ids';
import { authHeaders, rawRequest, uploadRequest, type BinaryResponse } from './support/mediaRequests';
import { startTestS3, type TestS3 } from './support/s3Server';
import { startTestServer, type TestServer, type Tokens } from './support/testServer';

const env = environmentIds.zuiderveen;

// The media API with MEDIA_STORE=s3 against s3rver (127.0.0.1, a free port): what goes in comes back
// byte for byte, through the API, the CDN and a presigned download; nothing over the limit stays; the
// bucket holds the renditions. s3rver checks no signatures, so this proves storage, not access control.
describe('media API on an S3-compatible bucket', () => {
  let s3: TestS3;
  let server: TestServer;
  let anne: Tokens;
  let bucket: S3Client;

  const get = (path: string, headers: Record<string, string> = {}) =>
    rawRequest({ method: 'GET', origin: server.url, path, headers, ca: server.certificatePem });
  const upload = (fileName: string, content: Buffer) =>
    uploadRequest(server, {
      token: anne.accessToken,
      env,
      directoryId: mediaIds.zuiderveen.documents,
      fileName,
      content,
      field: 'file',
    });
  const json = <T>(response: BinaryResponse) => JSON.parse(response.body.toString('utf8')) as T;
  const keysUnder = async (prefix: string) => {
    const page = await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
    return (page.Contents ?? []).map((item) => item.Key!).sort();
  };

  beforeAll(async () => {
    s3 = await startTestS3();
    server = await startTestServer({ ...s3.env, UPLOAD_LIMIT_BYTES: String(256 * 1024) });
    anne = await server.signIn(demoUsers.anne.username);
    bucket = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  });
  afterAll(async () => {
    bucket?.destroy();
    await server?.close();
    await s3?.close();
  });

  it('seeds the demo media into the bucket', async () => {
    expect(await keysUnder(`files/${env}/${mediaIds.zuiderveen.summerFile}`)).toEqual([
      `files/${env}/${mediaIds.zuiderveen.summerFile}`,
    ]);
  });

  it('stores an upload under its key and reads the same bytes back through the CDN and a presigned download', async () => {
    const content = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const response = await upload('Plattegrond.png', content);
    expect(response.status).toBe(200);
    const file = json<MediaFile>(response);
    expect(await keysUnder(`files/${env}/${file.id}`)).toEqual([`files/${env}/${file.id}`]);

    const original = await get(`/cdn/${env}/${file.id}.png`);
    expect(original.status).toBe(200);
    expect(original.body.equals(content)).toBe(true);

    const download = await get(`/api/1/${env}/file/${file.id}/download`, authHeaders(anne.accessToken, env));
    expect(download.status).toBe(302);
    const link = new URL(String(download.headers.location));
    expect(link.origin).toBe(s3.endpoint);
    expect(Number(link.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(15 * 60);
    const fetched = await fetch(link);
    expect(fetched.headers.get('content-disposition')).toBe(
      `attachment; filename="Plattegrond.png"; filename*=UTF-8''Plattegrond.png`,
    );
    expect(Buffer.from(await fetched.arrayBuffer()).equals(content)).toBe(true);
  });

  it('keeps renditions in the bucket, served from there once made, and removes them with the file', async () => {
    const content = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#22aa44' } })
      .png()
      .toBuffer();
    const file = json<MediaFile>(await upload('Groen.png', content));
    const path = `/cdn/${env}/${file.id}.png?w=80&h=80&mode=crop`;
    const first = await get(path);
    expect(first.status).toBe(200);
    expect(first.headers['x-cache']).toBe('MISS');
    expect((await sharp(first.body).metadata()).width).toBe(80);
    await expect.poll(() => keysUnder(`renditions/${env}/${file.id}/`)).toHaveLength(1);
    const second = await get(path);
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body.equals(first.body)).toBe(true);

    expect((await server.api('DELETE', `/file/${file.id}`, { token: anne, env })).status).toBe(204);
    expect((await get(path)).status).toBe(404);
    expect(await keysUnder(`files/${env}/${file.id}`)).toEqual([]);
    expect(await keysUnder(`renditions/${env}/${file.id}/`)).toEqual([]);
  });

  it('refuses an upload over the limit with 413 and leaves nothing in the bucket', async () => {
    const before = await keysUnder(`files/${env}/`);
    const response = await upload('te-groot.bin', randomBytes(256 * 1024 + 1));
    expect(response.status).toBe(413);
    expect(await keysUnder(`files/${env}/`)).toEqual(before);
  });

  it('is ready while the bucket answers, and says the store is unreachable once it does not', async () => {
    const ready = await server.api<{ status: string; store: string }>('GET', '/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ok', store: 'ok' });
    await s3.close();
    const unready = await server.api<{ status: string; store: string; reason: string }>('GET', '/ready');
    expect(unready.status).toBe(503);
    expect(unready.body).toMatchObject({ status: 'unavailable', store: 'unreachable' });
    expect((await server.api('GET', '/health')).status).toBe(200);
  });
});
