import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListImport } from '../../server/src/contract/listImports';
import type {
  DeliveryJob,
  PublicationBlock,
  RenderedPublication,
} from '../../server/src/contract/publications';
import { environmentIds, formIds, publicationIds, receiverIds } from '../../server/src/seed/ids';
import { startTestServer, type TestServer, type Tokens } from './support/testServer';

// The demo is the first thing a new user sees: a fresh start must show the product's content, not empty
// states. This test starts a server on an empty database (it seeds as on a first start) and reads the
// demo back through the API, as the console does.

const env = environmentIds.zuiderveen;
const { publications, templates } = publicationIds;

describe('the seeded demo on a fresh start', () => {
  let server: TestServer;
  let token: Tokens;

  beforeAll(async () => {
    server = await startTestServer();
    token = await server.signIn('anne@voorbeeld.nl');
  });
  afterAll(async () => {
    await server?.close();
  });

  const api = <T>(method: string, path: string, query?: Record<string, string>) =>
    server.api<T>(method, path, { token, env, query });

  const blocksOf = async (publicationId: string) => {
    const response = await api<{ data: PublicationBlock[] }>('GET', `/publications/${publicationId}/blocks`);
    expect(response.status).toBe(200);
    return response.body.data;
  };

  it('gives every block of every Zuiderveen publication content', async () => {
    for (const publicationId of [
      publications.januaryNewsletter,
      publications.februaryNewsletter,
      publications.newYearReception,
      publications.residentsEvening,
    ]) {
      const blocks = await blocksOf(publicationId);
      expect(blocks.length).toBeGreaterThanOrEqual(3);
      for (const block of blocks) expect(Object.keys(block.content), block.blockType).not.toHaveLength(0);
    }
  });

  it('renders the February newsletter with its Dutch texts and its own generated images', async () => {
    const blocks = await blocksOf(publications.februaryNewsletter);
    const titles = blocks.map((block) => block.content.title);
    expect(titles).toContain('De nieuwe bibliotheek opent in De Spoorlijn');
    expect(titles).toContain('Werkzaamheden Dorpsstraat: vanaf 3 maart een omleiding');
    const rendered = await api<RenderedPublication>(
      'GET',
      `/publications/${publications.februaryNewsletter}/render`,
      { templateId: templates.zuiderveenExtended },
    );
    expect(rendered.status).toBe(200);
    expect(rendered.body.html).toContain('Buurtfeest Zuid: kom je ook?');
    // Images come from the seeded media library through the CDN, each a real JPEG made by the seed.
    const imageUrls = [...rendered.body.html.matchAll(/<img[^>]+src="([^"]+\/cdn\/[^"]+)"/g)].map((match) =>
      match[1].replaceAll('&amp;', '&'),
    );
    const blockImages = imageUrls.filter((url) => !url.includes('logo'));
    expect(blockImages.length).toBeGreaterThanOrEqual(3);
    for (const url of blockImages) {
      const image = await server.api('GET', new URL(url).pathname + new URL(url).search);
      expect(image.status, url).toBe(200);
      expect(image.headers['content-type']).toMatch(/^image\//);
    }
  });

  it("renders 'Herinnering' and 'Uitnodiging' as different e-mails", async () => {
    const render = (templateId: string) =>
      api<RenderedPublication>('GET', `/publications/${publications.residentsEvening}/render`, {
        templateId,
      });
    const invitation = await render(templates.zuiderveenInvitation);
    const reminder = await render(templates.zuiderveenReminder);
    expect(invitation.status).toBe(200);
    expect(reminder.status).toBe(200);
    expect(reminder.body.html).not.toBe(invitation.body.html);
    // Both carry the same content, in their own look: the reminder names itself and is left-aligned.
    for (const { body } of [invitation, reminder]) expect(body.html).toContain('Presentatie en vragen');
    expect(reminder.body.html).toContain('HERINNERING');
    expect(invitation.body.html).not.toContain('HERINNERING');
  });

  it('has a form with answers', async () => {
    const page = await api<{ data: unknown[]; total: number }>(
      'GET',
      `/flows/${formIds.playgroundEvening}/submissions`,
    );
    expect(page.status).toBe(200);
    expect(page.body.total).toBeGreaterThanOrEqual(3);
  });

  it("shows a finished import in the residents' list's history, with counts and refused rows", async () => {
    const imports = await api<ListImport[]>('GET', `/list/manual/${receiverIds.lists.residents}/imports`);
    expect(imports.status).toBe(200);
    const [finished] = imports.body;
    expect(finished).toMatchObject({ status: 'Voltooid', added: 212, updated: 26, refused: 2 });
    expect(new Date(finished.finishedAt!).getTime()).toBeLessThan(Date.now());
    const refusals = await api<Array<{ rowNumber: number; reason: string; values: string[] }>>(
      'GET',
      `/list/manual/${receiverIds.lists.residents}/imports/${finished.id}/refusals`,
    );
    expect(refusals.status).toBe(200);
    expect(refusals.body.map((refusal) => refusal.reason)).toEqual([
      'ongeldig e-mailadres',
      'e-mailadres ontbreekt',
    ]);
  });

  it('has both newsletters sent in the past and no job planned in the future', async () => {
    const page = await api<{ data: DeliveryJob[]; total: number }>('GET', '/deliveryjobs');
    expect(page.status).toBe(200);
    const now = Date.now();
    for (const job of page.body.data) {
      expect(new Date(job.scheduledAt).getTime(), job.title).toBeLessThan(now);
      expect(job.status, job.title).not.toBe('Gepland');
    }
    const sent = page.body.data.filter((job) => job.status === 'Verzonden');
    expect(sent.map((job) => job.publicationId).sort()).toEqual(
      [publications.januaryNewsletter, publications.februaryNewsletter].sort(),
    );
    for (const job of sent) {
      expect(job.sentCount).toBeGreaterThan(0);
      expect(job.sentCount).toBe(job.recipientCount);
      expect(new Date(job.finishedAt!).getTime()).toBeLessThan(now);
    }
  });
});
