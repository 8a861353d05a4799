import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config';
import { createMediaStore } from '../../server/src/media/mediaServices';
import { multipartPartBytes } from '../../server/src/media/s3Store';
import { ContentTooLargeError, type MediaStore } from '../../server/src/media/store';
import { startTestS3, type TestS3 } from './support/s3Server';

/** Streams `bytes` in 64 KB chunks, the way an upload arrives. */
function chunked(bytes: Buffer): Readable {
  const chunks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += 65_536)
    chunks.push(bytes.subarray(start, start + 65_536));
  return Readable.from(chunks);
}

async function keysUnder(store: MediaStore, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of store.list(prefix)) keys.push(key);
  return keys.sort();
}

describe.each(['disk', 's3'] as const)('media store on %s', (kind) => {
  let store: MediaStore;
  let s3: TestS3 | undefined;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-store-test-'));
    s3 = kind === 's3' ? await startTestS3() : undefined;
    store = createMediaStore(loadConfig({ DATA_DIR: dataDir, ...s3?.env }));
    await store.open();
  });
  afterAll(async () => {
    store?.close();
    await s3?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('reads back exactly the bytes of a streamed 3 MB upload, with its size', async () => {
    const bytes = randomBytes(3 * 1024 * 1024);
    const staged = await store.stage('files/env-a/one', chunked(bytes), { maxBytes: bytes.length });
    await staged.commit();
    expect(staged.sizeInBytes).toBe(bytes.length);
    const stored = await store.read('files/env-a/one');
    expect(stored?.sizeInBytes).toBe(bytes.length);
    expect((await buffer(stored!.stream())).equals(bytes)).toBe(true);
    expect(await store.has('files/env-a/one')).toBe(true);
  });

  it('reads back a 12 MB upload that went in parts (above the 8 MB part size)', async () => {
    const bytes = randomBytes(12 * 1024 * 1024);
    expect(bytes.length).toBeGreaterThan(multipartPartBytes);
    const staged = await store.stage('files/env-a/large', chunked(bytes));
    await staged.commit();
    const stored = await store.read('files/env-a/large');
    expect((await buffer(stored!.stream())).equals(bytes)).toBe(true);
  });

  it.each([
    ['a single PUT', 256 * 1024, 200 * 1024],
    ['a multipart upload', 12 * 1024 * 1024, 9 * 1024 * 1024],
  ])('keeps nothing of %s over its limit', async (_label, size, limit) => {
    const key = `files/env-b/over-${size}`;
    await expect(store.stage(key, chunked(randomBytes(size)), { maxBytes: limit })).rejects.toBeInstanceOf(
      ContentTooLargeError,
    );
    expect(await store.read(key)).toBeUndefined();
    expect(await keysUnder(store, 'files/env-b')).toEqual([]);
  });

  it('lists, removes one and removes all under a prefix; a missing object is no error', async () => {
    for (const variant of ['100x100', '200x200-crop'])
      await (
        await store.stage(`renditions/env-c/f/${variant}`, Readable.from([Buffer.from(variant)]))
      ).commit();
    await (await store.stage('renditions/env-c/g/100x100', Readable.from([Buffer.from('g')]))).commit();
    expect(await keysUnder(store, 'renditions/env-c')).toEqual([
      'renditions/env-c/f/100x100',
      'renditions/env-c/f/200x200-crop',
      'renditions/env-c/g/100x100',
    ]);
    await store.removeAll('renditions/env-c/f');
    expect(await keysUnder(store, 'renditions/env-c')).toEqual(['renditions/env-c/g/100x100']);
    await store.remove('renditions/env-c/g/100x100');
    await store.remove('renditions/env-c/g/100x100');
    expect(await store.read('renditions/env-c/g/100x100')).toBeUndefined();
  });

  it('discards a staged write that was not committed', async () => {
    const staged = await store.stage('files/env-d/dropped', Readable.from([Buffer.from('weg')]));
    await staged.discard();
    expect(await store.has('files/env-d/dropped')).toBe(false);
  });

  it('refuses keys with characters a signature or a path could trip over', async () => {
    await expect(store.read('files/env/../secret')).rejects.toThrow(/Invalid media store key/);
    await expect(store.read('files/env/naam met spatie')).rejects.toThrow(/Invalid media store key/);
  });

  it('answers a readiness ping', async () => {
    await expect(store.ping()).resolves.toBeUndefined();
  });
});

describe('media store on s3: downloads', () => {
  let s3: TestS3;
  let s3Store: MediaStore;

  beforeAll(async () => {
    s3 = await startTestS3();
    s3Store = createMediaStore(loadConfig({ DATA_DIR: tmpdir(), ...s3.env }));
    await s3Store.open();
  });
  afterAll(async () => {
    s3Store?.close();
    await s3?.close();
  });

  it('hands out a presigned download link of at most 15 minutes, as an attachment with the original name', async () => {
    const bytes = randomBytes(10_000);
    await (await s3Store.stage('files/env-e/doc', chunked(bytes))).commit();
    const link = await s3Store.downloadUrl!('files/env-e/doc', 'Verslag mei 2026 (€).pdf', 'application/pdf');
    const url = new URL(link);
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(15 * 60);
    const response = await fetch(link);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('attachment');
    expect(response.headers.get('content-disposition')).toContain("filename*=UTF-8''Verslag%20mei%202026");
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });
});
