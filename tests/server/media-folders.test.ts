import { cp, mkdtemp, rm } from 'node:fs/promises';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaDirectory, MediaDirectorySummary, MediaFile } from '../../server/src/contract/media';
import { openDatabase, type OpenDatabase } from '../../server/src/db/client';
import { environments } from '../../server/src/db/schema';
import { mediaDirectories, mediaFiles, tags } from '../../server/src/db/schema/media';
import { createDirectory, ensureRootDirectory } from '../../server/src/media/directories';
import { deleteDirectory } from '../../server/src/media/directoryDeletion';
import { fileTagEntity } from '../../server/src/media/fileRecords';
import { uploadFile, type MediaContext } from '../../server/src/media/files';
import { fileKey, renditionKey } from '../../server/src/media/keys';
import { LocalDiskStore } from '../../server/src/media/localDiskStore';
import { removeUnreferencedObjects } from '../../server/src/media/reconcile';
import { ImageRenditions } from '../../server/src/media/renditions';
import type { MediaStore } from '../../server/src/media/store';
import { addTag } from '../../server/src/media/tags';
import { demoUsers, environmentIds, mediaIds } from '../../server/src/seed/ids';
import { authHeaders, multipartBody, rawRequest, uploadRequest } from './support/mediaRequests';
import { prepareMigratedDatabase } from './support/migratedDatabase';
import type { TestDatabase } from './support/testDatabase';
import { startTestServer, type TestServer, type Tokens } from './support/testServer';
import { tinyPng, listFiles } from './support/mediaFiles';

const env = environmentIds.zuiderveen;
const zeroGuid = '00000000-0000-0000-0000-000000000000';

describe('media folders: rename and delete (extensions)', () => {
  let server: TestServer;
  let anne: Tokens;

  const createFolder = async (name: string, parentDirectory?: string) => {
    const response = await server.api<MediaDirectorySummary>('POST', '/directory', {
      token: anne,
      env,
      query: { name, parentDirectory },
    });
    expect(response.status).toBe(201);
    return response.body;
  };
  const readFolder = (folderPath: string, environmentId: string = env) =>
    server.api<MediaDirectory>('GET', `/media${folderPath}`, { token: anne, env: environmentId });
  const rename = (directoryId: string, newName: string) =>
    server.api<MediaDirectorySummary>('PUT', `/directory/${directoryId}`, {
      token: anne,
      env,
      query: { newName },
    });
  const remove = (directoryId: string) =>
    server.api('DELETE', `/directory/${directoryId}`, { token: anne, env });
  const upload = async (directoryId: string, fileName: string, content: Buffer) => {
    const response = await uploadRequest(server, {
      token: anne.accessToken,
      env,
      directoryId,
      fileName,
      content,
    });
    expect(response.status).toBe(200);
    return JSON.parse(response.body.toString('utf8')) as MediaFile;
  };
  const cdn = (file: MediaFile, size = 'w=10&h=10&mode=crop') =>
    rawRequest({
      method: 'GET',
      origin: server.url,
      path: `/cdn/${env}/${file.id}${file.extension}?${size}`,
      ca: server.certificatePem,
    });
  const objectsDir = () => path.join(server.config.dataDir, 'media', 'objects');
  const storedFiles = () => listFiles(path.join(objectsDir(), 'files', env));
  const storedRenditions = () => listFiles(path.join(objectsDir(), 'renditions', env));

  beforeAll(async () => {
    server = await startTestServer();
    anne = await server.signIn(demoUsers.anne.username);
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('rename (PUT /directory/{directoryId}?newName=)', () => {
    it('renames a folder (trimmed): its path follows, its content stays, a change of case is allowed', async () => {
      const summer = await createFolder('Zomer 2024');
      const beach = await createFolder('Strand', summer.id);

      const renamed = await rename(summer.id, '  Zomer 2025 ');
      expect(renamed.status).toBe(200);
      expect(renamed.body).toEqual({
        id: summer.id,
        name: 'Zomer 2025',
        parentDirectoryId: mediaIds.zuiderveen.root,
      });
      const read = await readFolder('/Zomer 2025');
      expect(read.body).toMatchObject({ id: summer.id, name: 'Zomer 2025', path: '/Zomer 2025' });
      expect(read.body.directories.map((directory) => directory.id)).toEqual([beach.id]);
      expect((await readFolder('/Zomer 2024')).status).toBe(404);

      // Only the case changes: the folder does not clash with itself.
      const recased = await rename(summer.id, 'ZOMER 2025');
      expect([recased.status, recased.body.name]).toEqual([200, 'ZOMER 2025']);
      // A sub-folder is renamed as well.
      const deeper = await rename(beach.id, 'Duinen');
      expect(deeper.body).toEqual({ id: beach.id, name: 'Duinen', parentDirectoryId: summer.id });
      expect((await readFolder('/Zomer 2025/Duinen')).body.id).toBe(beach.id);
    });

    it('refuses an empty name (400 naming newName) and a name a sibling has, ignoring case (409)', async () => {
      const folder = await createFolder('Affiches');

      const empty = await rename(folder.id, '   ');
      expect(empty.status).toBe(400);
      expect(empty.body).toEqual({
        status: 400,
        message: 'Naam is een verplicht veld',
        field: 'newName',
      });
      const slash = await rename(folder.id, 'a/b');
      expect(slash.status).toBe(400);
      expect(slash.body).toMatchObject({ field: 'newName' });

      const clash = await rename(folder.id, 'documenten');
      expect(clash.status).toBe(409);
      expect(clash.body).toEqual({
        status: 409,
        message: "Er bestaat al een map met de naam 'documenten' in 'Media'.",
      });
      expect((await readFolder('/Affiches')).body.id).toBe(folder.id);
      expect((await readFolder('/Documenten')).body.id).toBe(mediaIds.zuiderveen.documents);
    });
  });

  it('keeps the root folder Media: renaming or deleting it answers 400 naming directoryId, also by the zero GUID', async () => {
    for (const rootId of [mediaIds.zuiderveen.root, zeroGuid]) {
      const renamed = await rename(rootId, 'Beeldbank');
      expect(renamed.status).toBe(400);
      expect(renamed.body).toEqual({
        status: 400,
        message: "De hoofdmap 'Media' kan niet worden hernoemd.",
        field: 'directoryId',
      });
      const deleted = await remove(rootId);
      expect(deleted.status).toBe(400);
      expect(deleted.body).toEqual({
        status: 400,
        message: "De hoofdmap 'Media' kan niet worden verwijderd.",
        field: 'directoryId',
      });
    }
    const root = await readFolder('/');
    expect(root.body).toMatchObject({ id: mediaIds.zuiderveen.root, name: 'Media' });
    expect(root.body.directories.map((directory) => directory.name)).toContain('Documenten');
  });

  it("answers 404 for another environment's folder and an unknown one, and leaves them as they were", async () => {
    const foreign = mediaIds.cultuurhuis.logos;
    expect((await rename(foreign, 'Overgenomen')).status).toBe(404);
    expect((await remove(foreign)).status).toBe(404);
    const unknown = '5f0c7d1e-0000-4000-8000-000000000000';
    expect((await rename(unknown, 'Iets')).status).toBe(404);
    expect((await remove(unknown)).status).toBe(404);
    const stillThere = await readFolder("/Logo's", environmentIds.cultuurhuis);
    expect(stillThere.status).toBe(200);
    expect(stillThere.body.id).toBe(foreign);
    expect(stillThere.body.files.map((file) => file.id)).toContain(mediaIds.cultuurhuis.logoFile);
  });

  describe('delete (DELETE /directory/{directoryId})', () => {
    it('deletes a folder with its sub-folders and files, their bytes and cached renditions (204)', async () => {
      const doomed = await createFolder('Opruimen');
      const sub = await createFolder('Oud', doomed.id);
      const deep = await createFolder('Ouder', sub.id);
      const files = [
        await upload(doomed.id, 'plein.png', await tinyPng('#cc3300')),
        await upload(sub.id, 'notulen.txt', Buffer.from('Notulen van de vergadering')),
        await upload(deep.id, 'gevel.png', await tinyPng('#0033cc')),
      ];
      await server.api('POST', `/tags/file/${files[0]!.id}`, {
        token: anne,
        env,
        query: { tagName: 'plein' },
      });
      const images = files.filter((file) => file.extension === '.png');
      for (const image of images) expect((await cdn(image)).status).toBe(200);
      await expect
        .poll(async () => (await storedRenditions()).filter((entry) => isOf(entry, images)).length)
        .toBe(images.length);
      // Something outside the folder, to show that it stays.
      const keeper = await upload(mediaIds.zuiderveen.documents, 'blijft.png', await tinyPng('#00aa00'));
      expect((await cdn(keeper)).status).toBe(200);
      await expect
        .poll(async () => (await storedRenditions()).filter((e) => isOf(e, [keeper])))
        .toHaveLength(1);
      expect((await storedFiles()).filter((entry) => isOf(entry, files))).toHaveLength(files.length);

      const deleted = await remove(doomed.id);
      expect(deleted.status).toBe(204);
      expect(deleted.text).toBe('');

      expect((await readFolder('/Opruimen')).status).toBe(404);
      const root = await readFolder('/');
      expect(root.body.directories.map((directory) => directory.id)).not.toContain(doomed.id);
      for (const file of files) {
        expect((await server.api('GET', `/file/${file.id}`, { token: anne, env })).status).toBe(404);
        expect((await server.api('GET', `/tags/file/${file.id}`, { token: anne, env })).status).toBe(404);
      }
      for (const image of images) expect((await cdn(image)).status).toBe(404);
      expect((await storedFiles()).filter((entry) => isOf(entry, files))).toEqual([]);
      expect((await storedRenditions()).filter((entry) => isOf(entry, images))).toEqual([]);
      // The sub-folders went with it: their ids are unknown now.
      expect((await rename(sub.id, 'Terug')).status).toBe(404);
      expect((await rename(deep.id, 'Terug')).status).toBe(404);

      expect(await storedFiles()).toContain(keeper.id);
      expect((await storedRenditions()).filter((entry) => isOf(entry, [keeper]))).toHaveLength(1);
      expect((await cdn(keeper)).status).toBe(200);
      expect((await remove(doomed.id)).status).toBe(404);
    });

    it("keeps the theme's logo: its file and the folder holding it answer 409, and stay", async () => {
      const logoFolder = await remove(mediaIds.zuiderveen.logos);
      expect(logoFolder.status).toBe(409);
      expect(logoFolder.body).toEqual({
        status: 409,
        message: 'In deze map staat het logo van de omgeving; de map kan daarom niet worden verwijderd.',
        field: 'directoryId',
      });
      const logoFile = await server.api('DELETE', `/file/${mediaIds.zuiderveen.logoFile}`, {
        token: anne,
        env,
      });
      expect(logoFile.status).toBe(409);
      expect(logoFile.body).toMatchObject({ status: 409, field: 'fileId' });

      const logos = await readFolder("/Logo's");
      expect(logos.status).toBe(200);
      expect(logos.body.files.map((file) => file.id)).toContain(mediaIds.zuiderveen.logoFile);
      expect(await storedFiles()).toContain(mediaIds.zuiderveen.logoFile);
      // Another file of that folder can still go.
      expect(
        (await server.api('DELETE', `/file/${mediaIds.zuiderveen.logoSvgFile}`, { token: anne, env })).status,
      ).toBe(204);
    });

    it('an upload into a folder deleted while its bytes arrive answers 404 and keeps nothing', async () => {
      const folder = await createFolder('Kortstondig');
      const before = await storedFiles();
      const stagedFiles = () => listFiles(path.join(server.config.dataDir, 'media', 'tmp'));
      const { body: envelope, contentType } = multipartBody('laat.bin', Buffer.alloc(0));
      const boundaryEnd = envelope.indexOf('\r\n--', envelope.length - 64);
      const [head, tail] = [envelope.subarray(0, boundaryEnd), envelope.subarray(boundaryEnd)];
      const content = Buffer.alloc(64 * 1024, 3);
      const { hostname, port } = new URL(server.url);
      const request = httpsRequest({
        method: 'POST',
        hostname,
        port,
        path: `/api/1/${env}/directory/${folder.id}/file`,
        headers: {
          ...authHeaders(anne.accessToken, env),
          'content-type': contentType,
          'content-length': String(head.length + 2 * content.length + tail.length),
        },
        ca: server.certificatePem,
      });
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        request.on('error', reject);
        request.on('response', (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
          );
        });
      });
      request.write(head);
      request.write(content);
      await expect.poll(stagedFiles).toHaveLength(1);

      // The folder is deleted while the upload is half-way; then the rest arrives.
      expect((await remove(folder.id)).status).toBe(204);
      request.end(Buffer.concat([content, tail]));

      const { status, body } = await answer;
      expect(status).toBe(404);
      expect(JSON.parse(body)).toEqual({ status: 404, message: 'De map is niet gevonden.' });
      expect(await storedFiles()).toEqual(before);
      expect(await stagedFiles()).toEqual([]);
    });

    it('bytes a crash left behind after the records went are removed when the server starts again', async () => {
      const folder = await createFolder('Na de crash');
      const image = await upload(folder.id, 'achtergebleven.png', await tinyPng('#888888'));
      expect((await cdn(image)).status).toBe(200);
      await expect
        .poll(async () => (await storedRenditions()).filter((e) => isOf(e, [image])))
        .toHaveLength(1);
      // Keep a copy of the bytes, delete the folder, and put the bytes back: what a crash between the
      // commit of the records and the removal of the bytes leaves.
      const copy = await mkdtemp(path.join(tmpdir(), 'dpp-folder-crash-'));
      try {
        await cp(objectsDir(), copy, { recursive: true });
        expect((await remove(folder.id)).status).toBe(204);
        expect(await storedFiles()).not.toContain(image.id);
        await cp(copy, objectsDir(), { recursive: true });
        expect(await storedFiles()).toContain(image.id);

        await server.restart();

        expect(await storedFiles()).not.toContain(image.id);
        expect((await storedRenditions()).filter((entry) => isOf(entry, [image]))).toEqual([]);
        // What still has a record keeps its bytes, and the restarted server serves the library.
        expect(await storedFiles()).toContain(mediaIds.zuiderveen.summerFile);
        expect((await readFolder("/Foto's")).status).toBe(200);
      } finally {
        await rm(copy, { recursive: true, force: true });
      }
    });
  });
});

describe('deleteDirectory: one transaction for the records, then the bytes', () => {
  let dataDir: string;
  let testDatabase: TestDatabase | undefined;
  let database: OpenDatabase;
  let store: LocalDiskStore;
  let environmentId: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-folder-delete-'));
    testDatabase = await prepareMigratedDatabase(dataDir);
    database = await openDatabase({ dataDir, databaseUrl: testDatabase?.url });
    store = new LocalDiskStore(path.join(dataDir, 'media'));
    await store.open();
    const [environment] = await database.db
      .insert(environments)
      .values({ name: 'Testgemeente' })
      .returning({ id: environments.id });
    environmentId = environment!.id;
  });
  afterAll(async () => {
    await database?.close();
    await testDatabase?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** A folder with a sub-folder, two tagged files (one image with a cached rendition), and a file elsewhere. */
  async function buildTree(context: MediaContext, name: string) {
    const { db } = context;
    const root = await ensureRootDirectory(db, environmentId);
    const folder = await createDirectory(db, environmentId, name, root.id);
    const sub = await createDirectory(db, environmentId, 'Sub', folder.id);
    const add = (directoryId: string, filename: string, bytes: Buffer) =>
      uploadFile(context, environmentId, directoryId, {
        filename,
        content: Readable.from([bytes]),
        maxBytes: 1024 * 1024,
      });
    const image = await add(folder.id, 'beeld.png', await tinyPng('#123456'));
    const text = await add(sub.id, 'tekst.txt', Buffer.from('tekst'));
    const elsewhere = await add(root.id, `${name}-elders.txt`, Buffer.from('elders'));
    for (const file of [image, text, elsewhere])
      await addTag(db, environmentId, fileTagEntity, file.id, 'label');
    const renditions = new ImageRenditions(store, {
      cacheBytes: 1024 * 1024,
      concurrency: 1,
      maxQueued: 1,
      timeoutMs: 30_000,
      budget: { megapixelsPerMinute: 1000, inFlight: 8 },
      anonymousMaxPixels: 24_000_000,
    });
    await renditions.get(environmentId, image.id, image.extension, { width: 8, height: 8, crop: true });
    await renditions.settle();
    const rendition = renditionKey(environmentId, image.id, '8x8-crop');
    expect(await store.has(rendition)).toBe(true);
    return { folder, sub, files: [image, text], elsewhere, rendition };
  }

  async function recordsOf(tree: Awaited<ReturnType<typeof buildTree>>) {
    const { db } = database;
    const fileIds = [...tree.files, tree.elsewhere].map((file) => file.id);
    const folderRows = await db
      .select({ id: mediaDirectories.id })
      .from(mediaDirectories)
      .where(inArray(mediaDirectories.id, [tree.folder.id, tree.sub.id]));
    const fileRows = await db
      .select({ id: mediaFiles.id })
      .from(mediaFiles)
      .where(inArray(mediaFiles.id, fileIds));
    const tagRows = await db
      .select({ entityId: tags.entityId })
      .from(tags)
      .where(inArray(tags.entityId, fileIds));
    return {
      folders: folderRows.length,
      files: fileRows.map((row) => row.id).sort(),
      taggedFiles: tagRows.map((row) => row.entityId).sort(),
    };
  }

  it('removes the folders, the files and their tags, then the bytes and renditions; the rest stays', async () => {
    const tree = await buildTree({ db: database.db, store }, 'Netjes');

    await deleteDirectory({ db: database.db, store }, environmentId, tree.folder.id);

    expect(await recordsOf(tree)).toEqual({
      folders: 0,
      files: [tree.elsewhere.id],
      taggedFiles: [tree.elsewhere.id],
    });
    for (const file of tree.files) expect(await store.has(fileKey(environmentId, file.id))).toBe(false);
    expect(await store.has(tree.rendition)).toBe(false);
    expect(await store.has(fileKey(environmentId, tree.elsewhere.id))).toBe(true);
  });

  it('a crash after the commit leaves only bytes without records, which start-up reconciliation removes', async () => {
    const tree = await buildTree({ db: database.db, store }, 'Gecrasht');
    const crashed = new Error('the process died here');
    // The store dies as soon as the bytes are to be removed: the records are committed by then.
    const dying: MediaStore = Object.assign(Object.create(store) as MediaStore, {
      remove: () => Promise.reject(crashed),
      removeAll: () => Promise.reject(crashed),
    });

    await expect(
      deleteDirectory({ db: database.db, store: dying }, environmentId, tree.folder.id),
    ).rejects.toBe(crashed);
    expect(await recordsOf(tree)).toEqual({
      folders: 0,
      files: [tree.elsewhere.id],
      taggedFiles: [tree.elsewhere.id],
    });
    for (const file of tree.files) expect(await store.has(fileKey(environmentId, file.id))).toBe(true);
    expect(await store.has(tree.rendition)).toBe(true);

    const removed = await removeUnreferencedObjects(database.db, store);

    expect(removed).toBe(tree.files.length + 1);
    for (const file of tree.files) expect(await store.has(fileKey(environmentId, file.id))).toBe(false);
    expect(await store.has(tree.rendition)).toBe(false);
    expect(await store.has(fileKey(environmentId, tree.elsewhere.id))).toBe(true);
  });
});

/** Whether a stored path (`{fileId}` or `{fileId}/{variant}`) belongs to one of the files. */
function isOf(entry: string, files: readonly { id: string }[]): boolean {
  return files.some((file) => entry === file.id || entry.startsWith(`${file.id}${path.sep}`));
}
