import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileUsage, MediaDirectorySummary, MediaFile } from '../../server/src/contract/media';
import type { PublicationBlock } from '../../server/src/contract/publications';
import { demoUsers, environmentIds, mediaIds, publicationIds, receiverIds } from '../../server/src/seed/ids';
import { rawRequest, uploadRequest } from './support/mediaRequests';
import { tinyPng } from './support/mediaFiles';
import { startTestServer, type TestServer, type Tokens } from './support/testServer';

const env = environmentIds.zuiderveen;
const otherEnv = environmentIds.cultuurhuis;
const { types, templates } = publicationIds;

interface ErrorBody {
  status: number;
  message: string;
  field?: string;
}

describe('media files in use (GET /file/{id}/usage, DELETE refused for sent publications and the logo)', () => {
  let server: TestServer;
  let anne: Tokens;

  beforeAll(async () => {
    server = await startTestServer();
    anne = await server.signIn(demoUsers.anne.username);
  });
  afterAll(async () => {
    await server?.close();
  });

  const api = <T>(method: string, path: string, body?: unknown, inEnv: string = env) =>
    server.api<T>(method, path, { token: anne, env: inEnv, body });

  async function uploadImage(
    name: string,
    directoryId: string = mediaIds.zuiderveen.photos,
  ): Promise<MediaFile> {
    const response = await uploadRequest(server, {
      token: anne.accessToken,
      env,
      directoryId,
      fileName: name,
      content: await tinyPng(),
    });
    expect(response.status).toBe(200);
    return JSON.parse(response.body.toString('utf8')) as MediaFile;
  }

  /** A new publication whose one 'afbeelding' block shows the file. */
  async function publicationShowing(name: string, fileId: string) {
    const created = await api<string>('POST', '/publications/', {
      name,
      publicationTypeId: types.zuiderveenNewsletter,
    });
    expect(created.status).toBe(201);
    const publicationId = created.body;
    const block = await api<PublicationBlock>(
      'POST',
      `/publications/${publicationId}/type/${types.zuiderveenNewsletter}/afbeelding/dynamic`,
    );
    expect(block.status).toBe(201);
    const saved = await api<PublicationBlock>(
      'PUT',
      `/publications/${publicationId}/blocks/${block.body.id}`,
      {
        content: { image: { fileId, alt: 'Een rood vlak' } },
        version: block.body.version,
      },
    );
    expect(saved.status).toBe(200);
    return { publicationId, blockId: block.body.id };
  }

  /** Plans a delivery job far ahead: the publication counts as sent from then on. */
  async function deliver(publicationId: string, name: string) {
    const job = await api('POST', '/deliveryjobs', {
      publicationId,
      publicationTemplateId: templates.zuiderveenStandard,
      title: `Verspreiden van ${name}`,
      audienceId: receiverIds.audiences.editorsTest,
      scheduledAt: new Date(Date.now() + 365 * 24 * 3600_000).toISOString(),
    });
    expect(job.status).toBe(201);
  }

  const usage = (fileId: string, inEnv: string = env) =>
    api<FileUsage>('GET', `/file/${fileId}/usage`, undefined, inEnv);
  const cdnStatus = async (file: MediaFile) =>
    (
      await rawRequest({
        method: 'GET',
        origin: server.url,
        path: `/cdn/${env}/${file.id}${file.extension}?w=100`,
        ca: server.certificatePem,
      })
    ).status;

  it('lists the drafts and sent publications that show a file, with their blocks', async () => {
    const file = await uploadImage('gebruikt.png');
    expect((await usage(file.id)).body).toEqual({ themeLogo: false, publications: [] });

    const draft = await publicationShowing('Concept juni', file.id);
    const sent = await publicationShowing('Verzonden mei', file.id);
    await deliver(sent.publicationId, 'Verzonden mei');

    const response = await usage(file.id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      themeLogo: false,
      publications: [
        {
          id: draft.publicationId,
          name: 'Concept juni',
          sent: false,
          blocks: [{ id: draft.blockId, name: 'Afbeelding', position: 0 }],
        },
        {
          id: sent.publicationId,
          name: 'Verzonden mei',
          sent: true,
          blocks: [{ id: sent.blockId, name: 'Afbeelding', position: 0 }],
        },
      ],
    });
  });

  it('refuses to delete a file a sent publication shows (409 naming it), and its image keeps loading', async () => {
    const file = await uploadImage('verzonden.png');
    const sent = await publicationShowing('Nieuwsbrief verzonden', file.id);
    await publicationShowing('Nieuwsbrief concept', file.id);
    await deliver(sent.publicationId, 'Nieuwsbrief verzonden');

    const refused = await api<ErrorBody>('DELETE', `/file/${file.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      status: 409,
      field: 'fileId',
      message:
        "Dit bestand is in gebruik en kan daarom niet worden verwijderd: de verzonden publicatie 'Nieuwsbrief verzonden'.",
    });
    expect((await api('GET', `/file/${file.id}`)).status).toBe(200);
    expect(await cdnStatus(file)).toBe(200);
  });

  it('refuses to delete a folder holding a file a sent publication shows', async () => {
    const folder = await server.api<MediaDirectorySummary>('POST', '/directory', {
      token: anne,
      env,
      query: { name: 'Verzonden map', parentDirectory: mediaIds.zuiderveen.photos },
    });
    expect(folder.status).toBe(201);
    const file = await uploadImage('in-map.png', folder.body.id);
    const sent = await publicationShowing('Nieuwsbrief uit map', file.id);
    await deliver(sent.publicationId, 'Nieuwsbrief uit map');

    const refused = await api<ErrorBody>('DELETE', `/directory/${folder.body.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ field: 'directoryId' });
    expect(refused.body.message).toContain("de verzonden publicatie 'Nieuwsbrief uit map'");
    expect(await cdnStatus(file)).toBe(200);
  });

  it('deletes a file only drafts show (the console asks first, naming them)', async () => {
    const file = await uploadImage('concept.png');
    const draft = await publicationShowing('Alleen concept', file.id);
    expect((await usage(file.id)).body.publications).toMatchObject([
      { id: draft.publicationId, name: 'Alleen concept', sent: false },
    ]);

    const deleted = await api('DELETE', `/file/${file.id}`);
    expect(deleted.status).toBe(204);
    expect((await api('GET', `/file/${file.id}`)).status).toBe(404);
    expect((await usage(file.id)).status).toBe(404);
    // The draft no longer refers to it; its version moved, so an editor holding the old content conflicts.
    const block = await api<PublicationBlock>(
      'GET',
      `/publications/${draft.publicationId}/blocks/${draft.blockId}`,
    );
    expect(block.body).toMatchObject({ content: {}, version: 3 });
  });

  it("reports the theme's logo as a use and refuses to delete it", async () => {
    const response = await usage(mediaIds.zuiderveen.logoFile);
    expect(response.body).toEqual({ themeLogo: true, publications: [] });
    const refused = await api<ErrorBody>('DELETE', `/file/${mediaIds.zuiderveen.logoFile}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Dit bestand is het logo van de omgeving en kan daarom niet worden verwijderd.',
    );
  });

  it('names the logo and the sent publication together when a file is both', async () => {
    const sent = await publicationShowing('Logo in de nieuwsbrief', mediaIds.zuiderveen.logoFile);
    await deliver(sent.publicationId, 'Logo in de nieuwsbrief');
    const refused = await api<ErrorBody>('DELETE', `/file/${mediaIds.zuiderveen.logoFile}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "Dit bestand is in gebruik en kan daarom niet worden verwijderd: het logo van de omgeving; de verzonden publicatie 'Logo in de nieuwsbrief'.",
    );
  });

  it("keeps environments apart: another environment's file is unknown, and its uses are its own", async () => {
    const file = await uploadImage('eigen.png');
    await publicationShowing('Eigen omgeving', file.id);
    expect((await usage(file.id, otherEnv)).status).toBe(404);
    expect((await usage(mediaIds.cultuurhuis.concertFile)).status).toBe(404);
    expect((await api('DELETE', `/file/${mediaIds.cultuurhuis.concertFile}`)).status).toBe(404);

    const theirs = await usage(mediaIds.cultuurhuis.logoFile, otherEnv);
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual({ themeLogo: true, publications: [] });
  });
});
