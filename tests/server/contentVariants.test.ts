import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAbTest } from '../../server/src/abTests/abTestReport';
import { decideTestNow } from '../../server/src/abTests/decision';
import { loadConfig } from '../../server/src/config';
import type { AbTestSetup } from '../../server/src/contract/abTests';
import type { PublicationBlock, PublicationVariant } from '../../server/src/contract/publications';
import { openDatabase, type Database, type OpenDatabase } from '../../server/src/db/client';
import { audienceLists, audiences, deliveryRecipients, lists, subscribers } from '../../server/src/db/schema';
import type { Clock } from '../../server/src/delivery/clock';
import { runDeliveryJob, type DeliveryContext } from '../../server/src/delivery/deliveryRunner';
import { createRateLimiter } from '../../server/src/delivery/rateLimiter';
import { updateBlockContent } from '../../server/src/publications/blocks';
import { addContentVariant, removeContentVariant } from '../../server/src/publications/contentVariants';
import { checkDelivery } from '../../server/src/publications/deliverChecks';
import { createDeliveryJob } from '../../server/src/publications/deliveryJobs';
import { renderPersonalWebVersion } from '../../server/src/publications/publicationRendering';
import { webVersionRecipient } from '../../server/src/publicPages/webVersionRecipient';
import { seedIfEmpty } from '../../server/src/seed';
import { demoUsers, environmentIds, publicationIds } from '../../server/src/seed/ids';
import { testActor } from './support/logActor';
import { prepareMigratedDatabase } from './support/migratedDatabase';
import { recordingMailer } from './support/recordingMailer';
import type { TestDatabase } from './support/testDatabase';
import { startTestServer, type TestServer, type Tokens } from './support/testServer';

// A/B tests of content (abTests/, publications/contentVariants.ts): a content variant is a copy of the
// publication's blocks, edited on its own; each variant job sends its own blocks and the remainder the
// winner's.

const env = environmentIds.zuiderveen;
const publicationId = publicationIds.publications.januaryNewsletter;
const templateId = publicationIds.templates.zuiderveenStandard;
const key = Buffer.alloc(32, 7);
const titleA = 'Het marktplein is klaar';
const titleB = 'Kom kijken op het nieuwe marktplein';

/** The first block's content with another title (the seeded 'Uitgelicht' block). */
const retitled = (block: PublicationBlock, title: string) => ({
  content: { ...block.content, title },
  version: block.version,
});

describe('A/B tests of content (variant blocks, each job its own content)', () => {
  let dataDir: string;
  let testDatabase: TestDatabase | undefined;
  let opened: OpenDatabase;
  let db: Database;
  let variantB: PublicationVariant;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-contentvariants-'));
    testDatabase = await prepareMigratedDatabase(dataDir);
    opened = await openDatabase({ dataDir, databaseUrl: testDatabase?.url });
    db = opened.db;
    await seedIfEmpty(db, loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
    variantB = await addContentVariant(db, env, publicationId);
    await updateBlockContent(
      db,
      env,
      publicationId,
      variantB.blocks[0].id,
      retitled(variantB.blocks[0], titleB),
    );
  });
  afterAll(async () => {
    await opened?.close();
    await testDatabase?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  function context(mailer: DeliveryContext['mailer']): DeliveryContext {
    const clock: Clock = { now: () => new Date(), sleep: async () => {} };
    return {
      db,
      mailer,
      from: 'Gemeente Zuiderveen <nieuws@zuiderveen.example.nl>',
      cdn: { publicUrl: 'https://localhost:8443', cdnBase: '/cdn' },
      clock,
      rateLimiter: createRateLimiter(100_000, clock),
      settings: {
        concurrency: 2,
        retry: { maxAttempts: 2, firstDelayMs: 1000 },
        leaseMs: 60_000,
        batchSize: 100,
        consecutiveFailureLimit: 5,
      },
      owner: 'worker-content',
      unsubscribeKey: async () => key,
      bounceKey: async () => key,
      catcher: false,
      stopping: () => false,
    };
  }

  async function audienceOf(addresses: string[]): Promise<string> {
    const suffix = randomUUID().slice(0, 8);
    const [list] = await db
      .insert(lists)
      .values({ environmentId: env, title: `Inhoudstest ${suffix}` })
      .returning({ id: lists.id });
    await db.insert(subscribers).values(addresses.map((email) => ({ listId: list.id, email, name: email })));
    const [audience] = await db
      .insert(audiences)
      .values({ environmentId: env, name: `Inhoudstest ${suffix}` })
      .returning({ id: audiences.id });
    await db.insert(audienceLists).values({ audienceId: audience.id, listId: list.id });
    return audience.id;
  }

  const contentTest = (variants: string[]): AbTestSetup => ({
    field: 'content',
    variants,
    sharePercent: 40,
    waitHours: 4,
    decideBy: 'manual',
  });

  const create = async (abTest: AbTestSetup, addresses = ['inhoud@proef.nl', 'inhoud2@proef.nl']) =>
    createDeliveryJob(
      db,
      env,
      testActor,
      {
        publicationId,
        publicationTemplateId: templateId,
        title: 'Inhoudstest',
        audienceId: await audienceOf(addresses),
        abTest,
      },
      { catcher: false },
    );

  it("sends A's blocks to A's recipients and B's to B's, then the winner's to the rest", async () => {
    const addresses = Array.from({ length: 20 }, (_, index) => `inhoud${index}@proef.nl`);
    const parent = await create(contentTest(['A', 'b']), addresses);
    const { variants } = await getAbTest(db, env, parent.id);
    expect(variants.map((variant) => variant.value)).toEqual(['A', 'B']);

    const sentA = recordingMailer();
    const sentB = recordingMailer();
    await runDeliveryJob(context(sentA.mailer), variants[0].jobId);
    await runDeliveryJob(context(sentB.mailer), variants[1].jobId);
    expect(sentA.accepted).toHaveLength(4);
    expect(sentB.accepted).toHaveLength(4);
    for (const message of sentA.accepted) {
      expect(message.html).toContain(titleA);
      expect(message.html).not.toContain(titleB);
      expect(message.text).toContain(titleA);
    }
    for (const message of sentB.accepted) {
      expect(message.html).toContain(titleB);
      expect(message.html).not.toContain(titleA);
      expect(message.text).toContain(titleB);
    }

    const remainderJobId = await decideTestNow(db, env, parent.id, new Date(), 'B');
    const rest = recordingMailer();
    await runDeliveryJob(context(rest.mailer), remainderJobId);
    expect(rest.accepted).toHaveLength(12);
    expect(rest.accepted.every((message) => message.html.includes(titleB))).toBe(true);
    expect(rest.accepted.some((message) => message.html.includes(titleA))).toBe(false);
    const everyone = [...sentA.accepted, ...sentB.accepted, ...rest.accepted].map((message) => message.to);
    expect(new Set(everyone)).toEqual(new Set(addresses));
    expect(everyone).toHaveLength(20);

    // 'Bekijk in je browser' shows each recipient the content their message had.
    const webVersionOf = async (jobId: string) => {
      const [row] = await db
        .select({ id: deliveryRecipients.id })
        .from(deliveryRecipients)
        .where(eq(deliveryRecipients.jobId, jobId))
        .limit(1);
      const recipient = (await webVersionRecipient(db, env, publicationId, row.id))!;
      const page = await renderPersonalWebVersion(
        db,
        context(sentA.mailer).cdn,
        env,
        publicationId,
        recipient.templateId,
        recipient.mergeValues,
        recipient.content,
      );
      return page!.html;
    };
    for (const [jobId, shown, hidden] of [
      [variants[0].jobId, titleA, titleB],
      [variants[1].jobId, titleB, titleA],
      [remainderJobId, titleB, titleA],
    ]) {
      const html = await webVersionOf(jobId);
      expect(html).toContain(shown);
      expect(html).not.toContain(hidden);
    }
  });

  it('runs the checks of the content for every variant, and refuses a variant the publication lacks', async () => {
    const variantC = await addContentVariant(db, env, publicationId);
    const link = variantC.blocks[0].content.link as { url: string; text: string };
    await updateBlockContent(db, env, publicationId, variantC.blocks[0].id, {
      content: { ...variantC.blocks[0].content, link: { ...link, url: 'http://www.zuiderveen.nl/plein' } },
      version: variantC.blocks[0].version,
    });
    const choice = { audienceId: null, templateId, participantGroup: 'accepted' as const };
    const check = async (contentVariants: number) =>
      checkDelivery(db, { publicUrl: 'https://localhost:8443', cdnBase: '/cdn' }, true, env, publicationId, {
        ...choice,
        contentVariants,
      });
    const plain = await check(1);
    const withC = await check(3);
    const insecure = (findings: Array<{ code: string; message: string }>) =>
      findings.filter((finding) => finding.code === 'insecureLink').map((finding) => finding.message);
    expect(insecure(plain.warnings)).toEqual([]);
    expect(insecure(withC.warnings)).toEqual([
      expect.stringMatching(/^Variant C: .*http:\/\/www\.zuiderveen\.nl\/plein/),
    ]);
    const missing = (await check(4)).blockers.filter((finding) => finding.code === 'variantMissing');
    expect(missing).toEqual([
      {
        code: 'variantMissing',
        field: 'abTest.variants',
        message: 'Variant D bestaat niet: maak die eerst aan bij de inhoud van de publicatie.',
      },
    ]);
    await expect(create(contentTest(['A', 'B', 'C', 'D']))).rejects.toMatchObject({
      status: 400,
      field: 'abTest.variants',
      message: 'Variant D bestaat niet: maak die eerst aan bij de inhoud van de publicatie.',
    });
    await expect(create(contentTest(['A', 'C']))).rejects.toMatchObject({
      status: 400,
      field: 'abTest.variants',
      message: 'Noem bij een test van de inhoud de varianten A, B, … op volgorde.',
    });
    await removeContentVariant(db, env, publicationId, variantC.id);
  });

  it('keeps a variant while a test of the content has not chosen its winner', async () => {
    await create(contentTest(['A', 'B']));
    await expect(removeContentVariant(db, env, publicationId, variantB.id)).rejects.toMatchObject({
      status: 409,
      field: 'variantId',
    });
  });
});

describe('Content variants over HTTP', () => {
  let server: TestServer;
  let token: Tokens;
  const base = `/publications/${publicationId}`;

  beforeAll(async () => {
    server = await startTestServer();
    token = await server.signIn(demoUsers.anne.username);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('adds B to D as copies, validates their blocks like the publication’s, and previews each', async () => {
    const api = <T>(method: string, url: string, body?: unknown, query?: Record<string, string>) =>
      server.api<T>(method, url, { env, token, body, query });
    const added = await api<PublicationVariant>('POST', `${base}/variants`);
    expect(added.status).toBe(201);
    expect(added.body.label).toBe('B');
    const own = await api<{ data: PublicationBlock[] }>('GET', `${base}/blocks`);
    expect(added.body.blocks.map((block) => [block.blockType, block.content])).toEqual(
      own.body.data.map((block) => [block.blockType, block.content]),
    );
    // The publication's own blocks stay its own: the copy is not among them.
    expect(own.body.data.some((block) => block.id === added.body.blocks[0].id)).toBe(false);

    const [first] = added.body.blocks;
    const tooLong = await api<{ field: string; message: string }>('PUT', `${base}/blocks/${first.id}`, {
      content: { ...first.content, title: 'x'.repeat(121) },
      version: first.version,
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.field).toBe('content.title');
    const empty = await api<{ field: string; message: string }>('PUT', `${base}/blocks/${first.id}`, {
      content: { ...first.content, title: ' ' },
      version: first.version,
    });
    expect(empty.body).toMatchObject({ field: 'content.title', message: 'Titel is verplicht.' });
    const saved = await api('PUT', `${base}/blocks/${first.id}`, retitled(first, titleB));
    expect(saved.status).toBe(200);

    const render = (variant?: string) =>
      api<{ html: string; field?: string }>('GET', `${base}/render`, undefined, {
        templateId,
        ...(variant ? { variant } : {}),
      });
    const previewA = await render();
    const previewB = await render('B');
    expect(previewA.body.html).toContain(titleA);
    expect(previewA.body.html).not.toContain(titleB);
    expect(previewB.body.html).toContain(titleB);
    expect(previewB.body.html).not.toContain(titleA);
    expect((await render('C')).body).toMatchObject({ field: 'variant' });
    expect((await render('E')).status).toBe(400);

    expect((await api('POST', `${base}/variants`)).status).toBe(201);
    expect((await api('POST', `${base}/variants`)).status).toBe(201);
    const fifth = await api<{ field: string }>('POST', `${base}/variants`);
    expect(fifth.status).toBe(409);
    expect(fifth.body.field).toBe('variants');

    // Removing B moves C and D up a letter.
    expect((await api('DELETE', `${base}/variants/${added.body.id}`)).status).toBe(204);
    const left = await api<PublicationVariant[]>('GET', `${base}/variants`);
    expect(left.body.map((variant) => variant.label)).toEqual(['B', 'C']);
    expect(left.body[0].blocks[0].content.title).toBe(titleA);
  });
});
