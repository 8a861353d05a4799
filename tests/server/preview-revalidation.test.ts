import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  PublicationBlock,
  PublicationVariant,
  RenderedPublication,
} from '../../server/src/contract/publications';
import type { Subscriber } from '../../server/src/contract/receivers';
import { memberOf, type MemberCheck } from '../../server/src/auth/membership';
import { openDatabase, type Database, type OpenDatabase } from '../../server/src/db/client';
import { users } from '../../server/src/db/schema';
import { addContentVariant } from '../../server/src/publications/contentVariants';
import { previewAnswer, renderPublicationPreview } from '../../server/src/publications/publicationRendering';
import {
  demoUsers,
  environmentIds,
  mediaIds,
  publicationIds,
  receiverIds,
  themeIds,
} from '../../server/src/seed/ids';
import { prepareSeededDatabase } from './support/seededTemplate';
import type { TestDatabase } from './support/testDatabase';
import { startTestServer, type TestServer, type Tokens } from './support/testServer';

// GET /publications/{id}/render answers with an ETag (Cache-Control: no-cache), and a request naming the
// current one in If-None-Match gets a 304 without a body: the console's browser revalidates the preview
// after every save. Whatever shows in the preview must give a new ETag when it changes.

const env = environmentIds.zuiderveen;
const { types, templates } = publicationIds;

describe('revalidating a preview', () => {
  let server: TestServer;
  let token: Tokens;

  beforeAll(async () => {
    server = await startTestServer();
    token = await server.signIn('anne@voorbeeld.nl');
  });
  afterAll(async () => {
    await server?.close();
  });

  const api = <T>(method: string, path: string, body?: unknown) =>
    server.api<T>(method, path, { token, env, body });

  const newsletter = async (name: string) =>
    (await api<string>('POST', '/publications/', { name, publicationTypeId: types.zuiderveenNewsletter }))
      .body;

  /** The preview, revalidated with `etag` when given. */
  const preview = (
    id: string,
    { templateId = templates.zuiderveenStandard, recipient, variant, etag }: PreviewRequest = {},
  ) =>
    server.api<RenderedPublication>('GET', `/publications/${id}/render`, {
      token,
      env,
      query: { templateId, ...(recipient ? { recipient } : {}), ...(variant ? { variant } : {}) },
      headers: etag ? { 'if-none-match': etag } : {},
    });

  interface PreviewRequest {
    templateId?: string;
    recipient?: string;
    variant?: string;
    etag?: string;
  }

  /**
   * The preview revalidated with the ETag it had before a change: it must come anew (200, a new ETag)
   * and show `shown`; revalidated with its new ETag it is then unchanged (304). Answers the new ETag.
   */
  async function changedPreview(
    id: string,
    before: string,
    shown: (preview: RenderedPublication) => string,
    expected: string,
    request: Omit<PreviewRequest, 'etag'> = {},
  ): Promise<string> {
    const answer = await preview(id, { ...request, etag: before });
    expect(answer.status).toBe(200);
    expect(shown(answer.body)).toContain(expected);
    const etag = String(answer.headers.etag);
    expect(etag).not.toBe(before);
    const again = await preview(id, { ...request, etag });
    expect(again.status).toBe(304);
    return etag;
  }

  it('answers 304 without a body while nothing changed, and the full preview without a matching ETag', async () => {
    const id = await newsletter('Ongewijzigd');
    const first = await preview(id);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);

    const unchanged = await preview(id, { etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBe('');
    expect(unchanged.headers.etag).toBe(etag);
    expect((await preview(id, { etag: `W/${etag}` })).status).toBe(304);

    const other = await preview(id, { etag: '"een-andere"' });
    expect(other.status).toBe(200);
    expect(other.body).toEqual(first.body);
  });

  it('comes anew after every change that shows in it: blocks, subject, template, theme, sender and recipient', async () => {
    const id = await newsletter('Wijzigingen');
    const html = (answer: RenderedPublication) => answer.html;
    let etag = String((await preview(id)).headers.etag);

    // A new block with its content, then another text in it.
    const block = (
      await api<PublicationBlock>(
        'POST',
        `/publications/${id}/type/${types.zuiderveenNewsletter}/tekst/dynamic`,
      )
    ).body;
    const saved = await api<PublicationBlock>('PUT', `/publications/${id}/blocks/${block.id}`, {
      content: { text: '<p>Beste {{firstName|inwoner}}, de markt is terug.</p>' },
      version: block.version,
    });
    expect(saved.status).toBe(200);
    etag = await changedPreview(id, etag, html, 'Beste inwoner, de markt is terug.');
    const edited = await api<PublicationBlock>('PUT', `/publications/${id}/blocks/${block.id}`, {
      content: { text: '<p>Beste {{firstName|inwoner}}, de markt is weer terug.</p>' },
      version: saved.body.version,
    });
    expect(edited.status).toBe(200);
    etag = await changedPreview(id, etag, html, 'de markt is weer terug.');

    // The subject and the sender's name of the publication.
    await api('PUT', `/publications/${id}`, {
      name: 'Wijzigingen',
      isNotMarketing: false,
      isPublic: false,
      subject: 'Nieuw onderwerp',
      senderName: 'Team Markt',
    });
    etag = await changedPreview(
      id,
      etag,
      (answer) => `${answer.subject} / ${answer.from}`,
      'Nieuw onderwerp / Team Markt <',
    );

    // Another template of the type.
    const extended = await preview(id, { templateId: templates.zuiderveenExtended, etag });
    expect(extended.status).toBe(200);
    expect(extended.headers.etag).not.toBe(etag);

    // The environment's theme.
    expect((await api('PUT', `/themes/${themeIds.zuiderveen}`, { primaryColor: '#0b6e4f' })).status).toBe(
      200,
    );
    etag = await changedPreview(id, etag, html, '#0b6e4f');

    // The environment's sender, once the publication has no sender name of its own.
    expect((await api('PUT', '/sender', { senderName: 'Gemeente Zuiderveen' })).status).toBe(200);
    await api('PUT', `/publications/${id}`, {
      name: 'Wijzigingen',
      isNotMarketing: false,
      isPublic: false,
      senderName: null,
    });
    etag = await changedPreview(id, etag, (answer) => answer.from, 'Gemeente Zuiderveen <');
    expect((await api('PUT', '/sender', { senderName: 'Markt Zuiderveen' })).status).toBe(200);
    etag = await changedPreview(id, etag, (answer) => answer.from, 'Markt Zuiderveen <');

    // 'Bekijken als' a recipient, and that recipient's own values changed.
    const input = { name: 'Sanne Visser', email: 'sanne@markt.nl', firstName: 'Sanne' };
    const subscriber = (
      await api<Subscriber>('POST', `/list/manual/${receiverIds.lists.residents}/subscriber`, input)
    ).body;
    const recipient = { recipient: 'sanne@markt.nl' };
    etag = await changedPreview(id, etag, html, 'Beste Sanne, de markt is weer terug.', recipient);
    const renamed = await api(
      'PUT',
      `/list/manual/${receiverIds.lists.residents}/subscriber/${subscriber.id}`,
      { ...input, firstName: 'Sara' },
    );
    expect(renamed.status).toBe(200);
    await changedPreview(id, etag, html, 'Beste Sara, de markt is weer terug.', recipient);
  });
  it('comes anew when a block is moved or removed, an image it shows is deleted, and per content variant', async () => {
    const id = await newsletter('Blokken en beelden');
    const html = (answer: RenderedPublication) => answer.html;
    const addBlock = async (blockType: string, content: Record<string, unknown>) => {
      const block = (
        await api<PublicationBlock>(
          'POST',
          `/publications/${id}/type/${types.zuiderveenNewsletter}/${blockType}/dynamic`,
        )
      ).body;
      const saved = await api('PUT', `/publications/${id}/blocks/${block.id}`, {
        content,
        version: block.version,
      });
      expect(saved.status).toBe(200);
      return block.id;
    };
    const article = await addBlock('artikel', {
      title: 'Markt op zaterdag',
      image: { fileId: mediaIds.zuiderveen.harbourFile, alt: 'De haven' },
    });
    const text = await addBlock('tekst', { text: '<p>Tweede blok</p>' });
    let etag = String((await preview(id)).headers.etag);
    const order = (answer: RenderedPublication) =>
      answer.html.indexOf('Tweede blok') < answer.html.indexOf('Markt op zaterdag')
        ? 'tekst eerst'
        : 'artikel eerst';

    expect((await api('PUT', `/publications/${id}/blocks/order`, { blockIds: [text, article] })).status).toBe(
      200,
    );
    etag = await changedPreview(id, etag, order, 'tekst eerst');

    // A file deleted from the media library leaves the preview (drafts do not keep it).
    const shows = (answer: RenderedPublication) =>
      String(answer.html.includes(mediaIds.zuiderveen.harbourFile));
    expect(shows((await preview(id)).body)).toBe('true');
    expect((await api('DELETE', `/file/${mediaIds.zuiderveen.harbourFile}`)).status).toBe(204);
    etag = await changedPreview(id, etag, shows, 'false');

    expect((await api('DELETE', `/publications/${id}/blocks/${text}`)).status).toBe(204);
    etag = await changedPreview(id, etag, (answer) => String(answer.html.includes('Tweede blok')), 'false');

    // Variant B starts as a copy of A; an edit of its block changes B's preview, not A's.
    const variant = (await api<PublicationVariant>('POST', `/publications/${id}/variants`)).body;
    const [copy] = variant.blocks;
    let etagB = String((await preview(id, { variant: 'B' })).headers.etag);
    const saved = await api('PUT', `/publications/${id}/blocks/${copy.id}`, {
      content: { ...copy.content, title: 'Markt op zondag' },
      version: copy.version,
    });
    expect(saved.status).toBe(200);
    etagB = await changedPreview(id, etagB, html, 'Markt op zondag', { variant: 'B' });
    expect(etagB).not.toBe(etag);
    expect((await preview(id, { etag })).status).toBe(304);
  });
});

// Several instances may serve one database: what one writes must change the ETag another answers with,
// though nothing of the write passed through that one. Here the writes are plain SQL on the database, as
// another instance's (or an operator's) would arrive; the ETag is previewAnswer's, as the route answers it.
describe('revalidating a preview after writes this process did not make', () => {
  const publicationId = publicationIds.publications.januaryNewsletter;
  const templateId = templates.zuiderveenStandard;
  const cdn = { publicUrl: 'https://dpp.test', cdnBase: '/cdn' };
  let dataDir: string;
  let testDatabase: TestDatabase | undefined;
  let opened: OpenDatabase;
  let db: Database;

  const anne = {
    identity: { identityIssuer: 'https://identity.test', identitySubject: 'anne' },
  };
  /** The route's member check (routes/scope.ts) in short: admits a member, whatever the role. */
  const asker: MemberCheck = {
    identity: { issuer: anne.identity.identityIssuer, subject: anne.identity.identitySubject },
    admit: async (read) => {
      if (!read || !memberOf(read)) throw new Error('Anne is not admitted');
    },
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-preview-revalidation-'));
    testDatabase = await prepareSeededDatabase(dataDir);
    opened = await openDatabase({ dataDir, databaseUrl: testDatabase?.url });
    db = opened.db;
    // Anne asks, known by an identity as after her first sign-in.
    await db.update(users).set(anne.identity).where(eq(users.id, demoUsers.anne.id));
  });
  afterAll(async () => {
    await opened?.close();
    await testDatabase?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The preview revalidated with `etag`: its ETag, and its HTML unless `etag` is current (a 304). */
  const revalidate = async (etag: string, variant?: string) => {
    const answer = await previewAnswer(
      db,
      cdn,
      env,
      publicationId,
      templateId,
      undefined,
      variant,
      'Demo <demo@example.org>',
      [etag],
      asker,
    );
    const rendered = answer.body === undefined ? undefined : (JSON.parse(answer.body) as RenderedPublication);
    return { etag: answer.etag, html: rendered?.html, rendered };
  };

  /**
   * A preview answer as the full read of the publication renders it (renderPublicationPreview): the
   * answer reads the environment's parts kept per stamp, and must show the same, byte for byte.
   */
  async function expectAsFullRead(rendered: RenderedPublication | undefined, variant?: string) {
    const full = await renderPublicationPreview(
      db,
      cdn,
      env,
      publicationId,
      templateId,
      'example',
      undefined,
      variant,
    );
    expect(rendered && { ...rendered, from: undefined }).toEqual({ ...full, from: undefined });
  }

  /** After `write`, the preview revalidated with `before` comes anew and shows `expected`; answers its ETag. */
  async function afterWrite(
    before: string,
    write: string,
    expected: (html: string) => void,
    variant?: string,
  ) {
    await db.execute(sql.raw(write));
    const answer = await revalidate(before, variant);
    expect(answer.html, write).toBeDefined();
    expect(answer.etag).not.toBe(before);
    expected(answer.html ?? '');
    await expectAsFullRead(answer.rendered, variant);
    expect((await revalidate(answer.etag, variant)).html).toBeUndefined();
    return answer.etag;
  }

  it('comes anew after a change of its blocks, the publication, the theme, fonts, logo, files, groups, sender, template, invitation or environment', async () => {
    const { blocks } = await addContentVariant(db, env, publicationId);
    const first = await revalidate('');
    await expectAsFullRead(first.rendered);
    let etag = first.etag;
    let etagB = (await revalidate('', 'B')).etag;
    expect((await revalidate(etag)).html).toBeUndefined();

    // Writes that show in no preview of it keep the ETag: another publication's block, a file moved.
    await db.execute(
      sql`UPDATE publication_blocks SET content = content || '{"title": "Elders"}'
          WHERE publication_id <> ${publicationId}`,
    );
    await db.execute(
      sql`UPDATE media_files SET directory_id = ${mediaIds.zuiderveen.events}
          WHERE id = ${mediaIds.zuiderveen.marketFile}`,
    );
    expect((await revalidate(etag)).html).toBeUndefined();
    expect((await revalidate(etagB, 'B')).html).toBeUndefined();

    // A block of variant B changes B's preview, not A's; one of A changes A's.
    etagB = await afterWrite(
      etagB,
      `UPDATE publication_blocks SET content = content || '{"title": "Markt van B"}' WHERE id = '${blocks[0].id}'`,
      (html) => expect(html).toContain('Markt van B'),
      'B',
    );
    expect((await revalidate(etag)).html).toBeUndefined();
    etag = await afterWrite(
      etag,
      `UPDATE publication_blocks SET content = content || '{"title": "Markt van A"}'
       WHERE publication_id = '${publicationId}' AND variant_id IS NULL AND position = 0`,
      (html) => expect(html).toContain('Markt van A'),
    );
    etag = await afterWrite(
      etag,
      `UPDATE publications SET preheader = 'Nieuw voorwoord' WHERE id = '${publicationId}'`,
      (html) => expect(html).toContain('Nieuw voorwoord'),
    );
    etag = await afterWrite(
      etag,
      `UPDATE themes SET primary_color = '#0b6e4f' WHERE id = '${themeIds.zuiderveen}'`,
      (html) => expect(html).toContain('#0b6e4f'),
    );
    // A web font: added to the theme and chosen for headings, then its stylesheet replaced.
    etag = await afterWrite(
      etag,
      `WITH font AS (INSERT INTO theme_fonts (theme_id, font_identifier, src_url)
                     VALUES ('${themeIds.zuiderveen}', 'Merriweather', 'https://fonts.example/merriweather.css')
                     RETURNING id)
       UPDATE themes SET heading_font_id = (SELECT id FROM font), heading_system_font = NULL
       WHERE id = '${themeIds.zuiderveen}'`,
      (html) => expect(html).toContain('fonts.example/merriweather.css'),
    );
    etag = await afterWrite(
      etag,
      `UPDATE theme_fonts SET src_url = 'https://fonts.example/merriweather-2.css'
       WHERE font_identifier = 'Merriweather'`,
      (html) => expect(html).toContain('fonts.example/merriweather-2.css'),
    );
    etag = await afterWrite(
      etag,
      `UPDATE themes SET file_id_to_logo = '${mediaIds.zuiderveen.harbourFile}' WHERE id = '${themeIds.zuiderveen}'`,
      (html) => expect(html).toContain(`${mediaIds.zuiderveen.harbourFile}.webp`),
    );
    // A file a block shows: renamed (its name is the alt text of an image without one), then replaced by
    // a file of another type under the same id.
    etag = await afterWrite(
      etag,
      `UPDATE publication_blocks SET content = jsonb_set(content, '{image,alt}', '""')
       WHERE publication_id = '${publicationId}' AND variant_id IS NULL AND position = 0`,
      (html) => expect(html).not.toContain('Het vernieuwde marktplein in de winterzon'),
    );
    etag = await afterWrite(
      etag,
      `UPDATE media_files SET name = 'Plein in de zon.jpg', friendly_name = 'Plein in de zon'
       WHERE id = '${mediaIds.zuiderveen.marketFile}'`,
      (html) => expect(html).toContain('alt="Plein in de zon"'),
    );
    etag = await afterWrite(
      etag,
      `WITH replaced AS (DELETE FROM media_files WHERE id = '${mediaIds.zuiderveen.marketFile}' RETURNING *)
       INSERT INTO media_files (id, environment_id, directory_id, extension, name, friendly_name, original_name, size_in_bytes)
       SELECT id, environment_id, directory_id, '.png', 'plein.png', 'plein', 'plein.png', size_in_bytes FROM replaced`,
      (html) => expect(html).toContain(`${mediaIds.zuiderveen.marketFile}.png`),
    );
    etag = await afterWrite(
      etag,
      `UPDATE publication_repeatable_groups SET fields = (
         SELECT jsonb_agg(field) FROM jsonb_array_elements(fields) AS field WHERE field ->> 'name' <> 'title')
       WHERE publication_type_id = '${types.zuiderveenNewsletter}' AND type = 'uitgelicht'`,
      (html) => expect(html).not.toContain('Markt van A'),
    );
    etag = await afterWrite(
      etag,
      `INSERT INTO sender_settings (environment_id, sender_name) VALUES ('${env}', 'Marktmeester')
       ON CONFLICT (environment_id) DO UPDATE SET sender_name = 'Marktmeester'`,
      () => undefined,
    );
    expect((await revalidate('')).rendered?.from).toContain('Marktmeester');
    etag = await afterWrite(
      etag,
      `UPDATE publication_templates SET layout = 'uitgebreid' WHERE id = '${templateId}'`,
      () => undefined,
    );
    etag = await afterWrite(
      etag,
      `INSERT INTO rsvp_events (publication_id, environment_id, enabled, title, starts_at, ends_at)
       VALUES ('${publicationId}', '${env}', true, 'Opening', now() + interval '30 days', now() + interval '31 days')`,
      () => undefined,
    );
    await afterWrite(
      etag,
      `UPDATE environments SET name = 'Gemeente Zuiderveen-Noord' WHERE id = '${env}'`,
      (html) => expect(html).toContain('Gemeente Zuiderveen-Noord'),
    );
    // Variant B's preview shows the environment's changes as well.
    expect((await revalidate(etagB, 'B')).html).toContain('Gemeente Zuiderveen-Noord');
  });
});
