import { request as httpsRequest } from 'node:https';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaDirectory, MediaDirectorySummary, MediaFile, Tag } from '../../server/src/contract/media';
import { demoUsers, environmentIds, mediaIds } from '../../server/src/seed/ids';
import {
  authHeaders,
  multipartBody,
  rawRequest,
  uploadRequest,
  type BinaryResponse,
} from './support/mediaRequests';
import { startTestServer, type TestServer, type Tokens } from './support/testServer';
import { tinyPng, listFiles } from './support/mediaFiles';

const env = environmentIds.zuiderveen;

/** The part of the OpenAPI document that says what a download answers. */
interface DownloadDocument {
  paths: Record<string, { get: { responses: Record<string, { content: Record<string, unknown> }> } }>;
}
const zeroGuid = '00000000-0000-0000-0000-000000000000';

describe('media library API (spec §7 media, file, directory, tags)', () => {
  let server: TestServer;
  let anne: Tokens;

  const upload = (directoryId: string, fileName: string, content: Buffer, field = 'file') =>
    uploadRequest(server, { token: anne.accessToken, env, directoryId, fileName, content, field });
  const json = <T>(response: BinaryResponse) => JSON.parse(response.body.toString('utf8')) as T;
  const get = (requestPath: string, headers: Record<string, string> = {}) =>
    rawRequest({ method: 'GET', origin: server.url, path: requestPath, headers, ca: server.certificatePem });
  const mediaGet = (requestPath: string) =>
    get(`/api/1/${env}${requestPath}`, authHeaders(anne.accessToken, env));
  const storedFiles = async () => listFiles(path.join(server.config.dataDir, 'media', 'objects', 'files'));
  const stagedFiles = async () => listFiles(path.join(server.config.dataDir, 'media', 'tmp'));

  beforeAll(async () => {
    server = await startTestServer({ UPLOAD_LIMIT_BYTES: String(256 * 1024) });
    anne = await server.signIn(demoUsers.anne.username);
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('folders', () => {
    it('reads the root, named Media, with the seeded folders and files', async () => {
      const response = await server.api<MediaDirectory>('GET', '/media/', { token: anne, env });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: mediaIds.zuiderveen.root,
        name: 'Media',
        parentDirectoryId: null,
        path: '/',
      });
      expect(response.body.directories.map((directory) => directory.name)).toEqual([
        'Documenten',
        "Foto's",
        "Logo's",
      ]);
    });

    it('reads a nested folder by path, ignoring case, with files and their tags', async () => {
      const response = await server.api<MediaDirectory>('GET', "/media/foto's", { token: anne, env });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: mediaIds.zuiderveen.photos,
        name: "Foto's",
        parentDirectoryId: mediaIds.zuiderveen.root,
      });
      expect(response.body.directories).toEqual([
        {
          id: mediaIds.zuiderveen.events,
          name: 'Evenementen',
          parentDirectoryId: mediaIds.zuiderveen.photos,
        },
      ]);
      const summer = response.body.files.find((file) => file.id === mediaIds.zuiderveen.summerFile);
      expect(summer).toMatchObject({
        extension: '.jpg',
        name: 'zomerfeest.jpg',
        friendlyName: 'zomerfeest',
        originalName: 'zomerfeest.jpg',
      });
      expect(summer?.tags.map((tag) => tag.name)).toEqual(['evenement', 'zomer']);
      const nested = await server.api<MediaDirectory>('GET', "/media/Foto's/Evenementen", {
        token: anne,
        env,
      });
      expect(nested.body).toMatchObject({ id: mediaIds.zuiderveen.events, path: "/Foto's/Evenementen" });
    });

    it("answers 404 for an unknown path and for another environment's folders", async () => {
      expect((await server.api('GET', '/media/Bestaat-niet', { token: anne, env })).status).toBe(404);
      const other = await server.api<MediaDirectory>('GET', '/media/', {
        token: anne,
        env: environmentIds.cultuurhuis,
      });
      expect(other.body.id).toBe(mediaIds.cultuurhuis.root);
      expect(
        (await server.api('GET', "/media/Foto's", { token: anne, env: environmentIds.cultuurhuis })).status,
      ).toBe(404);
    });

    it.each([
      ['a plain ..', "/media/Foto's/../Documenten"],
      ['a leading ..', '/media/../../etc'],
      ['an encoded ..', '/media/%2e%2e/Documenten'],
      ['an encoded upper-case ..', '/media/%2E%2E'],
      ['an encoded slash', "/media/Foto's%2F..%2FDocumenten"],
      ['an encoded backslash', '/media/..%5cDocumenten'],
      ['a single dot', '/media/./Documenten'],
    ])('refuses traversal: %s', async (_label, requestPath) => {
      const response = await mediaGet(requestPath);
      expect(response.status).toBe(400);
      expect(json(response)).toMatchObject({ status: 400, field: 'path' });
    });

    it('adds a folder under a parent, and at the root for the zero GUID or no parent', async () => {
      const created = await server.api<MediaDirectorySummary>('POST', '/directory', {
        token: anne,
        env,
        query: { name: '  Nieuwsbrieven  ', parentDirectory: mediaIds.zuiderveen.photos },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        name: 'Nieuwsbrieven',
        parentDirectoryId: mediaIds.zuiderveen.photos,
      });
      const atRoot = await server.api<MediaDirectorySummary>('POST', '/directory', {
        token: anne,
        env,
        query: { name: 'Affiches', parentDirectory: zeroGuid },
      });
      expect(atRoot.body.parentDirectoryId).toBe(mediaIds.zuiderveen.root);
      const noParent = await server.api<MediaDirectorySummary>('POST', '/directory', {
        token: anne,
        env,
        query: { name: 'Video' },
      });
      expect(noParent.body.parentDirectoryId).toBe(mediaIds.zuiderveen.root);
      const listed = await server.api<MediaDirectory>('GET', "/media/Foto's/Nieuwsbrieven", {
        token: anne,
        env,
      });
      expect(listed.body).toMatchObject({ id: created.body.id, directories: [], files: [] });
    });

    it('refuses an empty folder name (400) and a sibling with the same name, ignoring case (409)', async () => {
      const empty = await server.api('POST', '/directory', { token: anne, env, query: { name: '   ' } });
      expect(empty.status).toBe(400);
      expect(empty.body).toEqual({ status: 400, message: 'Naam is een verplicht veld', field: 'name' });
      const duplicate = await server.api('POST', '/directory', {
        token: anne,
        env,
        query: { name: 'documenten' },
      });
      expect(duplicate.status).toBe(409);
      expect(duplicate.body).toMatchObject({ status: 409, message: expect.stringContaining('documenten') });
      const slash = await server.api('POST', '/directory', { token: anne, env, query: { name: 'a/b' } });
      expect(slash.status).toBe(400);
      const unknownParent = await server.api('POST', '/directory', {
        token: anne,
        env,
        query: { name: 'X', parentDirectory: mediaIds.cultuurhuis.root },
      });
      expect(unknownParent.status).toBe(404);
    });
  });

  describe('files', () => {
    it('uploads a file (200) with id, extension, names and size, and lists it in its folder', async () => {
      const content = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
        .png()
        .toBuffer();
      const response = await upload(mediaIds.zuiderveen.documents, 'Plattegrond Centrum.PNG', content);
      expect(response.status).toBe(200);
      const file = json<MediaFile>(response);
      expect(file).toMatchObject({
        directoryId: mediaIds.zuiderveen.documents,
        extension: '.png',
        name: 'Plattegrond Centrum.PNG',
        friendlyName: 'Plattegrond Centrum',
        originalName: 'Plattegrond Centrum.PNG',
        sizeInBytes: content.length,
        tags: [],
      });
      const folder = await server.api<MediaDirectory>('GET', '/media/Documenten', { token: anne, env });
      expect(folder.body.files.map((entry) => entry.id)).toContain(file.id);
      expect(await storedFiles()).toContain(path.join(env, file.id));
    });

    it('uploads into the root for the zero GUID and keeps only the last segment of a path-like name', async () => {
      const response = await upload(zeroGuid, '..\\..\\secret/notes.txt', Buffer.from('hallo'));
      expect(response.status).toBe(200);
      expect(json<MediaFile>(response)).toMatchObject({
        directoryId: mediaIds.zuiderveen.root,
        name: 'notes.txt',
        extension: '.txt',
      });
    });

    it('answers 400 without a `file` part and 404 for a folder of another environment', async () => {
      const wrongField = await upload(mediaIds.zuiderveen.documents, 'a.txt', Buffer.from('x'), 'document');
      expect(wrongField.status).toBe(400);
      expect(json(wrongField)).toMatchObject({ field: 'file' });
      const otherEnvironment = await upload(mediaIds.cultuurhuis.logos, 'a.txt', Buffer.from('x'));
      expect(otherEnvironment.status).toBe(404);
    });

    it('answers a multipart upload without a boundary with a Dutch 400', async () => {
      const { body } = multipartBody('a.txt', Buffer.from('x'));
      const response = await rawRequest({
        method: 'POST',
        origin: server.url,
        path: `/api/1/${env}/directory/${mediaIds.zuiderveen.documents}/file`,
        headers: { ...authHeaders(anne.accessToken, env), 'content-type': 'multipart/form-data' },
        body,
        ca: server.certificatePem,
      });
      expect(response.status).toBe(400);
      expect(json(response)).toMatchObject({
        status: 400,
        field: 'file',
        message: expect.stringContaining('boundary'),
      });
    });

    it('refuses more than one file in one request (one file per request) and stores nothing', async () => {
      const before = await storedFiles();
      const folderBefore = await server.api<MediaDirectory>('GET', '/media/Documenten', { token: anne, env });
      const boundary = '----twee-bestanden';
      const part = (name: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        `Content-Type: text/plain\r\n\r\ninhoud van ${name}\r\n`;
      const response = await rawRequest({
        method: 'POST',
        origin: server.url,
        path: `/api/1/${env}/directory/${mediaIds.zuiderveen.documents}/file`,
        headers: {
          ...authHeaders(anne.accessToken, env),
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        body: Buffer.from(`${part('een.txt')}${part('twee.txt')}${part('drie.txt')}--${boundary}--\r\n`),
        ca: server.certificatePem,
      });
      expect(response.status).toBe(400);
      expect(json(response)).toMatchObject({
        status: 400,
        field: 'file',
        message: expect.stringContaining('één bestand'),
      });
      expect(await storedFiles()).toEqual(before);
      expect(await stagedFiles()).toEqual([]);
      const folderAfter = await server.api<MediaDirectory>('GET', '/media/Documenten', { token: anne, env });
      expect(folderAfter.body.files).toHaveLength(folderBefore.body.files.length);
    });

    it('refuses an upload over the limit with 413 and keeps neither bytes nor a record', async () => {
      const before = await storedFiles();
      const folderBefore = await server.api<MediaDirectory>('GET', '/media/Documenten', { token: anne, env });
      const response = await upload(
        mediaIds.zuiderveen.documents,
        'te-groot.bin',
        Buffer.alloc(256 * 1024 + 1, 7),
      );
      expect(response.status).toBe(413);
      expect(json(response)).toMatchObject({ status: 413, message: expect.stringContaining('groter dan') });
      expect(await storedFiles()).toEqual(before);
      expect(await stagedFiles()).toEqual([]);
      const folderAfter = await server.api<MediaDirectory>('GET', '/media/Documenten', { token: anne, env });
      expect(folderAfter.body.files).toHaveLength(folderBefore.body.files.length);
      // exactly at the limit is fine
      const atLimit = await upload(mediaIds.zuiderveen.documents, 'precies.bin', Buffer.alloc(256 * 1024, 7));
      expect(atLimit.status).toBe(200);
    });

    it('keeps nothing of an upload the client abandons halfway', async () => {
      const before = await storedFiles();
      const { body: envelope, contentType } = multipartBody('afgebroken.bin', Buffer.alloc(0));
      const head = envelope.subarray(0, envelope.indexOf('\r\n--', envelope.length - 64));
      const { hostname, port } = new URL(server.url);
      const upload = httpsRequest({
        method: 'POST',
        hostname,
        port,
        path: `/api/1/${env}/directory/${mediaIds.zuiderveen.documents}/file`,
        headers: {
          ...authHeaders(anne.accessToken, env),
          'content-type': contentType,
          'content-length': String(head.length + 200_000),
        },
        ca: server.certificatePem,
      });
      upload.on('error', () => undefined);
      upload.write(head);
      upload.write(Buffer.alloc(100_000, 1));
      await expect.poll(stagedFiles).toHaveLength(1);
      upload.destroy();
      await expect.poll(stagedFiles).toEqual([]);
      expect(await storedFiles()).toEqual(before);
    });

    it('reads, renames (the friendly name follows, the original stays) and refuses an empty name', async () => {
      const read = await server.api<MediaFile>('GET', `/file/${mediaIds.zuiderveen.marketFile}`, {
        token: anne,
        env,
      });
      expect(read.body).toMatchObject({ name: 'marktplein.jpg', tags: [{ name: 'centrum' }] });
      const renamed = await server.api<MediaFile>('PUT', `/file/${mediaIds.zuiderveen.marketFile}`, {
        token: anne,
        env,
        query: { newName: ' Markt op zaterdag.jpg ' },
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({
        name: 'Markt op zaterdag.jpg',
        friendlyName: 'Markt op zaterdag',
        originalName: 'marktplein.jpg',
      });
      const empty = await server.api('PUT', `/file/${mediaIds.zuiderveen.marketFile}`, {
        token: anne,
        env,
        query: { newName: ' ' },
      });
      expect(empty.status).toBe(400);
      expect(empty.body).toMatchObject({ field: 'newName' });
      expect(
        (await server.api('GET', `/file/${mediaIds.cultuurhuis.logoFile}`, { token: anne, env })).status,
      ).toBe(404);
    });

    it('downloads with the original name as an attachment, with nosniff', async () => {
      const response = await mediaGet(`/file/${mediaIds.zuiderveen.reportFile}/download`);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="jaarverslag-2024.pdf"; filename*=UTF-8''jaarverslag-2024.pdf`,
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    });

    it('answers every download with a media type the contract documents for it', async () => {
      const document = (await server.api<DownloadDocument>('GET', '/api/docs')).body;
      const documented = Object.keys(
        document.paths['/api/1/{environmentId}/file/{fileId}/download']!.get.responses['200']!.content,
      );
      const { zuiderveen } = mediaIds;
      for (const fileId of [
        zuiderveen.logoFile,
        zuiderveen.logoSvgFile,
        zuiderveen.summerFile,
        zuiderveen.harbourFile,
        zuiderveen.reportFile,
      ]) {
        const response = await mediaGet(`/file/${fileId}/download`);
        expect(response.status).toBe(200);
        const sent = String(response.headers['content-type']).split(';')[0]!.trim();
        expect(documented).toContain(sent);
      }
    });

    it('deletes a file with its tags, bytes and cached sizes', async () => {
      const created = json<MediaFile>(
        await upload(mediaIds.zuiderveen.documents, 'weg.png', await tinyPng()),
      );
      await server.api('POST', `/tags/file/${created.id}`, {
        token: anne,
        env,
        query: { tagName: 'tijdelijk' },
      });
      expect((await get(`/cdn/${env}/${created.id}.png?w=10&h=10&mode=crop`)).status).toBe(200);
      const removed = await server.api('DELETE', `/file/${created.id}`, { token: anne, env });
      expect(removed.status).toBe(204);
      expect((await server.api('GET', `/file/${created.id}`, { token: anne, env })).status).toBe(404);
      expect((await get(`/cdn/${env}/${created.id}.png?w=10&h=10&mode=crop`)).status).toBe(404);
      expect(await storedFiles()).not.toContain(path.join(env, created.id));
      const renditions = await listFiles(
        path.join(server.config.dataDir, 'media', 'objects', 'renditions', env),
      );
      expect(renditions.filter((entry) => entry.startsWith(created.id))).toEqual([]);
      expect((await server.api('DELETE', `/file/${created.id}`, { token: anne, env })).status).toBe(404);
    });
  });

  describe('tags', () => {
    const file = mediaIds.zuiderveen.harbourFile;

    it('adds, lists and removes tags; a duplicate name (ignoring case) is not added twice', async () => {
      const added = await server.api<Tag>('POST', `/tags/file/${file}`, {
        token: anne,
        env,
        query: { tagName: ' Haven ' },
      });
      expect(added.status).toBe(201);
      expect(added.body).toEqual({ id: expect.any(String), name: 'Haven' });
      const again = await server.api<Tag>('POST', `/tags/file/${file}`, {
        token: anne,
        env,
        query: { tagName: 'HAVEN' },
      });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(added.body);
      await server.api('POST', `/tags/file/${file}`, { token: anne, env, query: { tagName: 'avond' } });
      const listed = await server.api<Tag[]>('GET', `/tags/file/${file}`, { token: anne, env });
      expect(listed.body.map((tag) => tag.name)).toEqual(['avond', 'Haven']);
      const removed = await server.api('DELETE', `/tags/file/${file}/${added.body.id}`, { token: anne, env });
      expect(removed.status).toBe(204);
      const after = await server.api<Tag[]>('GET', `/tags/file/${file}`, { token: anne, env });
      expect(after.body.map((tag) => tag.name)).toEqual(['avond']);
      expect(
        (await server.api('DELETE', `/tags/file/${file}/${added.body.id}`, { token: anne, env })).status,
      ).toBe(404);
    });

    it('refuses an empty tag, an unknown entity kind and a file of another environment', async () => {
      const empty = await server.api('POST', `/tags/file/${file}`, {
        token: anne,
        env,
        query: { tagName: '  ' },
      });
      expect(empty.status).toBe(400);
      expect(empty.body).toMatchObject({ field: 'tagName' });
      expect((await server.api('GET', `/tags/publication/${file}`, { token: anne, env })).status).toBe(400);
      expect(
        (await server.api('GET', `/tags/file/${mediaIds.cultuurhuis.concertFile}`, { token: anne, env }))
          .status,
      ).toBe(404);
    });
  });

  describe('image CDN (public)', () => {
    const photo = `/cdn/${env}/${mediaIds.zuiderveen.summerFile}.jpg`;

    it('resizes with a cover crop to exactly w x h, with type, ETag and long cache headers, without a token', async () => {
      const response = await get(`${photo}?w=740&h=500&mode=crop`);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers.etag).toMatch(/^"[0-9a-f-]{36}-740x500-crop"$/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const metadata = await sharp(response.body).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 740, 500]);
      const tile = await sharp((await get(`${photo}?w=400&h=400&mode=crop`)).body).metadata();
      expect([tile.width, tile.height]).toEqual([400, 400]);
      const logo = await get(`/cdn/${env}/${mediaIds.zuiderveen.logoFile}.png?w=80&h=80&mode=crop`);
      expect(logo.headers['content-type']).toBe('image/png');
      expect(await sharp(logo.body).metadata()).toMatchObject({ format: 'png', width: 80, height: 80 });
    });

    it('fits inside without mode=crop and keeps other formats (webp)', async () => {
      const fitted = await sharp((await get(`${photo}?w=600`)).body).metadata();
      expect([fitted.width, fitted.height]).toEqual([600, 400]);
      const webp = await get(`/cdn/${env}/${mediaIds.zuiderveen.harbourFile}.webp?w=120&h=120&mode=crop`);
      expect(webp.headers['content-type']).toBe('image/webp');
      expect(await sharp(webp.body).metadata()).toMatchObject({ format: 'webp', width: 120, height: 120 });
    });

    it('caches each size on disk: MISS first, then HIT with the same bytes, and 304 for a matching ETag', async () => {
      const url = `${photo}?w=321&h=123&mode=crop`;
      const first = await get(url);
      const second = await get(url);
      expect([first.headers['x-cache'], second.headers['x-cache']]).toEqual(['MISS', 'HIT']);
      expect(second.body.equals(first.body)).toBe(true);
      expect(second.headers.etag).toBe(first.headers.etag);
      // Asked sizes round up to a ladder (400x160 here): a size one pixel off is the same rendition.
      const neighbour = await get(`${photo}?w=322&h=124&mode=crop`);
      expect(neighbour.headers['x-cache']).toBe('HIT');
      expect(neighbour.headers.etag).toBe(first.headers.etag);
      expect(await sharp(first.body).metadata()).toMatchObject({ width: 400, height: 160 });
      // The rendition is written to the cache right after the first answer.
      const renditionsDir = path.join(server.config.dataDir, 'media', 'objects', 'renditions', env);
      await expect
        .poll(() => listFiles(renditionsDir))
        .toContain(path.join(mediaIds.zuiderveen.summerFile, '400x160-crop'));
      const third = await get(url);
      expect(third.headers['x-cache']).toBe('HIT');
      expect(third.body.equals(first.body)).toBe(true);
      const notModified = await get(url, { 'if-none-match': String(first.headers.etag) });
      expect(notModified.status).toBe(304);
      expect(notModified.body.length).toBe(0);
    });

    it('finds the file by id: another extension in the URL gets the stored type (the sidebar asks .png)', async () => {
      const response = await get(`/cdn/${env}/${mediaIds.zuiderveen.summerFile}.png?w=80&h=80&mode=crop`);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
    });

    it('sends the original without w and h', async () => {
      const original = await get(photo);
      expect(original.status).toBe(200);
      expect(await sharp(original.body).metadata()).toMatchObject({ width: 1200, height: 800 });
    });

    it('refuses w or h above 4000 (400) and answers 404 for another environment or an unknown id', async () => {
      const tooWide = await get(`${photo}?w=4001&h=10`);
      expect(tooWide.status).toBe(400);
      expect(json(tooWide)).toMatchObject({ status: 400, field: 'w' });
      expect((await get(`${photo}?w=10&h=4001`)).status).toBe(400);
      expect((await get(`${photo}?w=10&mode=stretch`)).status).toBe(400);
      expect(
        (await get(`/cdn/${environmentIds.cultuurhuis}/${mediaIds.zuiderveen.summerFile}.jpg`)).status,
      ).toBe(404);
      expect((await get(`/cdn/${env}/${zeroGuid}.jpg`)).status).toBe(404);
    });

    it('answers 400, never 500, for a file name that only looks like a GUID', async () => {
      for (const name of ['-'.repeat(36), 'a'.repeat(36), `${'a'.repeat(35)}-`]) {
        const response = await get(`/cdn/${env}/${name}.png?w=80&h=80&mode=crop`);
        expect(response.status).toBe(400);
        expect(json(response)).toMatchObject({ status: 400, field: 'file' });
      }
    });

    it('sends SVG as is with a script-blocking policy and nosniff, also when sizes are asked', async () => {
      const response = await get(`/cdn/${env}/${mediaIds.zuiderveen.logoSvgFile}.svg?w=80&h=80&mode=crop`);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('image/svg+xml');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
      expect(response.headers['content-security-policy']).toContain('sandbox');
      expect(response.headers['content-security-policy']).not.toContain('script-src');
      expect(response.body.toString('utf8')).toMatch(/^<svg /);
    });

    it('sends other files unresized as attachments with nosniff', async () => {
      const response = await get(`/cdn/${env}/${mediaIds.zuiderveen.reportFile}.pdf?w=100&h=100`);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe('attachment');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    });
  });

  it('requires sign-in for the API, not for the CDN', async () => {
    expect((await get(`/api/1/${env}/media/`)).status).toBe(401);
    expect((await get(`/cdn/${env}/${mediaIds.zuiderveen.logoFile}.png?w=80&h=80&mode=crop`)).status).toBe(
      200,
    );
  });
});
