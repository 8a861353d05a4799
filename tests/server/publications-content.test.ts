import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BlockContent,
  PublicationBlock,
  PublicationType,
  RenderedPublication,
} from '../../server/src/contract/publications';
import { environmentIds, mediaIds, publicationIds } from '../../server/src/seed/ids';
import { startTestServer, type TestServer, type Tokens } from './support/testServer';

const env = environmentIds.zuiderveen;
const { types, templates, publications } = publicationIds;
const zuiderveenColour = '#1f5fa8';

interface ErrorBody {
  status: number;
  message: string;
  field?: string;
}

describe('publication content and rendering', () => {
  let server: TestServer;
  let token: Tokens;

  beforeAll(async () => {
    server = await startTestServer();
    token = await server.signIn('anne@voorbeeld.nl');
  });
  afterAll(async () => {
    await server?.close();
  });

  const api = <T>(method: string, path: string, body?: unknown, query?: Record<string, string>) =>
    server.api<T>(method, path, { token, env, body, query });

  async function createPublication(name: string, publicationTypeId: string = types.zuiderveenNewsletter) {
    const response = await api<string>('POST', '/publications/', { name, publicationTypeId });
    expect(response.status).toBe(201);
    return response.body;
  }

  async function addBlock(
    publicationId: string,
    blockType: string,
    typeId: string = types.zuiderveenNewsletter,
  ) {
    const response = await api<PublicationBlock>(
      'POST',
      `/publications/${publicationId}/type/${typeId}/${blockType}/dynamic`,
    );
    expect(response.status).toBe(201);
    return response.body;
  }

  const saveBlock = (block: PublicationBlock, content: Record<string, unknown>, version = block.version) =>
    api<PublicationBlock | ErrorBody>('PUT', `/publications/${block.publicationId}/blocks/${block.id}`, {
      content,
      version,
    });

  async function savedBlock(block: PublicationBlock, content: Record<string, unknown>) {
    const response = await saveBlock(block, content);
    expect(response.status).toBe(200);
    return response.body as PublicationBlock;
  }

  const readBlock = async (block: PublicationBlock) =>
    (await api<PublicationBlock>('GET', `/publications/${block.publicationId}/blocks/${block.id}`)).body;

  const render = (publicationId: string, templateId: string) =>
    api<RenderedPublication | ErrorBody>('GET', `/publications/${publicationId}/render`, undefined, {
      templateId,
    });

  function expectFieldError(response: { status: number; body: unknown }, field: string): void {
    expect(response.status).toBe(400);
    const body = response.body as ErrorBody;
    expect(body).toMatchObject({ status: 400, field });
    // The message names the field as the editor labels it, never by its path.
    expect(body.message).not.toContain(field);
    expect(body.message).toMatch(/^[A-Z]/);
  }

  const article = {
    title: 'Nieuwe bibliotheek open',
    text: '<p>Beste {{firstName|lezer}}, de bibliotheek is <strong>open</strong>.</p>',
    image: { fileId: mediaIds.zuiderveen.summerFile, alt: 'De nieuwe leeszaal' },
    link: { url: 'https://www.zuiderveen.nl/bibliotheek', text: 'Lees het hele verhaal' },
  };

  describe('field definitions', () => {
    it('come with the repeatable groups of a type, in the list and the single read', async () => {
      const one = await api<PublicationType>('GET', `/publicationtypes/${types.zuiderveenNewsletter}`);
      const artikel = one.body.repeatableGroups.find((group) => group.type === 'artikel');
      expect(artikel?.fields.map((field) => [field.name, field.kind, field.required])).toEqual([
        ['title', 'shortText', true],
        ['text', 'richText', false],
        ['image', 'image', false],
        ['link', 'link', false],
      ]);
      expect(artikel?.fields[0]).toMatchObject({ label: 'Titel', maxLength: 120, display: 'heading' });
      const agenda = one.body.repeatableGroups.find((group) => group.type === 'agendaitem');
      expect(agenda?.fields.map((field) => field.kind)).toEqual([
        'shortText',
        'dateTime',
        'shortText',
        'richText',
      ]);

      const list = await api<PublicationType[]>('GET', '/publicationtypes/');
      const newsletter = list.body.find((type) => type.id === types.zuiderveenNewsletter);
      expect(newsletter?.repeatableGroups.map((group) => group.type)).toEqual(
        expect.arrayContaining(['artikel', 'agendaitem', 'afbeelding', 'tekst']),
      );
      expect(
        newsletter?.repeatableGroups.find((group) => group.type === 'afbeelding')?.fields[0],
      ).toMatchObject({
        name: 'image',
        kind: 'image',
        required: true,
      });
    });

    it('a new block starts empty at version 1, and the block list carries content and version', async () => {
      const id = await createPublication('Lege blokken');
      const block = await addBlock(id, 'artikel');
      expect(block).toMatchObject({ content: {}, version: 1 });
      const list = await api<{ data: PublicationBlock[] }>('GET', `/publications/${id}/blocks`);
      expect(list.body.data[0]).toMatchObject({ id: block.id, content: {}, version: 1 });
    });
  });

  describe('content validation', () => {
    it('saves valid content of every kind and raises the version', async () => {
      const id = await createPublication('Geldige inhoud');
      const block = await addBlock(id, 'artikel');
      const saved = await savedBlock(block, { ...article, title: '  Nieuwe bibliotheek open  ' });
      expect(saved.version).toBe(2);
      expect(saved.content).toEqual({ ...article, title: 'Nieuwe bibliotheek open' });
      expect(Date.parse(saved.updatedAt)).toBeGreaterThanOrEqual(Date.parse(block.updatedAt));

      const agenda = await addBlock(id, 'agendaitem');
      const savedAgenda = await savedBlock(agenda, {
        title: 'Inloopavond',
        startsAt: '2025-02-12T19:30',
        location: 'Raadhuis',
        text: '',
      });
      expect(savedAgenda.content).toEqual({
        title: 'Inloopavond',
        startsAt: '2025-02-12T19:30',
        location: 'Raadhuis',
      });
    });

    it('refuses bad values with a 400 naming the field, and stores nothing', async () => {
      const id = await createPublication('Ongeldige inhoud');
      const block = await addBlock(id, 'artikel');
      const agenda = await addBlock(id, 'agendaitem');
      const picture = await addBlock(id, 'afbeelding');

      const refusals: Array<[PublicationBlock, Record<string, unknown>, string]> = [
        [block, { text: '<p>Zonder titel</p>' }, 'content.title'],
        [block, { title: '   ' }, 'content.title'],
        [block, { title: 'x'.repeat(121) }, 'content.title'],
        [block, { title: 42 }, 'content.title'],
        [block, { title: 'Titel', onbekend: 'x' }, 'content.onbekend'],
        [block, { title: 'Hallo {{wachtwoord}}' }, 'content.title'],
        [block, { title: 'Titel', text: 12 }, 'content.text'],
        [block, { title: 'Titel', image: 'geen-object' }, 'content.image'],
        [block, { title: 'Titel', image: { fileId: 'geen-guid' } }, 'content.image.fileId'],
        // A PDF, an SVG, and an image of another environment are no images of this one.
        [
          block,
          { title: 'Titel', image: { fileId: mediaIds.zuiderveen.reportFile, alt: 'Iets' } },
          'content.image.fileId',
        ],
        [
          block,
          { title: 'Titel', image: { fileId: mediaIds.zuiderveen.logoSvgFile, alt: 'Iets' } },
          'content.image.fileId',
        ],
        [
          block,
          { title: 'Titel', image: { fileId: mediaIds.cultuurhuis.concertFile, alt: 'Zaal' } },
          'content.image.fileId',
        ],
        [block, { title: 'Titel', link: { url: 'javascript:alert(1)', text: 'Klik' } }, 'content.link.url'],
        [block, { title: 'Titel', link: { url: '/relatief', text: 'Klik' } }, 'content.link.url'],
        [block, { title: 'Titel', link: { text: 'Alleen tekst' } }, 'content.link.url'],
        [block, { title: 'Titel', link: { url: 'https://a.nl', text: 'x'.repeat(61) } }, 'content.link.text'],
        [agenda, { title: 'Avond' }, 'content.startsAt'],
        [agenda, { title: 'Avond', startsAt: '2025-02-30T19:30' }, 'content.startsAt'],
        [agenda, { title: 'Avond', startsAt: '12-02-2025 19:30' }, 'content.startsAt'],
        [picture, { caption: 'Alleen een onderschrift' }, 'content.image'],
        // Every image needs an alt text, unless it is marked decorative.
        [picture, { image: { fileId: mediaIds.zuiderveen.marketFile } }, 'content.image.alt'],
        [picture, { image: { fileId: mediaIds.zuiderveen.marketFile, alt: '  ' } }, 'content.image.alt'],
        [
          picture,
          { image: { fileId: mediaIds.zuiderveen.marketFile, decorative: 'ja' } },
          'content.image.decorative',
        ],
      ];
      for (const [target, content, field] of refusals)
        expectFieldError(await saveBlock(target, content), field);

      for (const target of [block, agenda, picture]) {
        expect(await readBlock(target)).toMatchObject({ content: {}, version: 1 });
      }
    });

    it('explains an unknown merge field with the Dutch labels of the fields that exist', async () => {
      const id = await createPublication('Samenvoegvelden');
      const block = await addBlock(id, 'artikel');
      const refused = await saveBlock(block, { title: 'Hallo {{voornaam}}' });
      expectFieldError(refused, 'content.title');
      const { message } = refused.body as ErrorBody;
      expect(message).toContain('{{voornaam}}');
      expect(message).toContain('Voornaam, Tussenvoegsel, Achternaam');
      expect(message).not.toMatch(/firstName|postalCode/);
    });

    it('keeps a decorative image without alt text, and explains the alt text rule in Dutch', async () => {
      const id = await createPublication('Decoratief');
      const picture = await addBlock(id, 'afbeelding');
      const refused = await saveBlock(picture, { image: { fileId: mediaIds.zuiderveen.marketFile } });
      expect((refused.body as ErrorBody).message).toContain("vink 'Decoratief' aan");
      const saved = await savedBlock(picture, {
        image: { fileId: mediaIds.zuiderveen.marketFile, alt: 'Genegeerd', decorative: true },
      });
      expect(saved.content).toEqual({ image: { fileId: mediaIds.zuiderveen.marketFile, decorative: true } });
      const rendered = await render(id, templates.zuiderveenStandard);
      expect(rendered.status).toBe(200);
      expect((rendered.body as RenderedPublication).html).toContain(`<img alt="" src=`);
    });

    it('a body without content or version is refused naming it', async () => {
      const id = await createPublication('Zonder versie');
      const block = await addBlock(id, 'tekst');
      expectFieldError(
        await api('PUT', `/publications/${id}/blocks/${block.id}`, { content: { text: '<p>x</p>' } }),
        'version',
      );
      expectFieldError(await api('PUT', `/publications/${id}/blocks/${block.id}`, { version: 1 }), 'content');
    });
  });

  describe('rich text', () => {
    const hostile =
      '<p onclick="steel()">Hallo<script>alert(1)</script> <img src=x onerror=alert(2)>' +
      '<a href="javascript:alert(3)">gevaarlijk</a> <a href="https://ok.nl" onmouseover="x()">veilig</a>' +
      '<span style="color:red">gekleurd</span></p><h1>Kop</h1><b>vet</b><iframe src="https://kwaad.nl"></iframe>';

    it('is stored sanitised: only the editor’s tags, safe links, no script or event handlers', async () => {
      const id = await createPublication('Vieze HTML');
      const block = await addBlock(id, 'tekst');
      const saved = await savedBlock(block, { text: hostile });
      const stored = String(saved.content.text);
      expect(stored).toBe(
        '<p>Hallo gevaarlijk <a href="https://ok.nl">veilig</a>gekleurd</p><h2>Kop</h2><strong>vet</strong>',
      );
      expect((await readBlock(block)).content.text).toBe(stored);
    });

    it('never reaches the rendered output with script or handlers', async () => {
      const id = await createPublication('Vieze HTML in de mail');
      const block = await addBlock(id, 'tekst');
      await savedBlock(block, { text: hostile });
      const rendered = (await render(id, templates.zuiderveenStandard)).body as RenderedPublication;
      expect(rendered.html).toContain('veilig');
      for (const forbidden of ['<script', 'onerror', 'onclick', 'onmouseover', 'javascript:', '<iframe']) {
        expect(rendered.html.toLowerCase()).not.toContain(forbidden);
      }
      expect(rendered.text).not.toContain('alert');
    });

    it('a required rich text of only tags counts as empty', async () => {
      const id = await createPublication('Lege tekst');
      const block = await addBlock(id, 'tekst');
      expectFieldError(await saveBlock(block, { text: '<p> </p><script>x()</script>' }), 'content.text');
    });
  });

  describe('concurrent edits', () => {
    it('refuses a save from an older version with 409 and keeps the newer content', async () => {
      const id = await createPublication('Samen bewerken');
      const block = await addBlock(id, 'tekst');
      const first = await savedBlock(block, { text: '<p>Eerste tab</p>' });
      expect(first.version).toBe(2);

      const stale = await saveBlock(block, { text: '<p>Tweede tab</p>' }, 1);
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({
        status: 409,
        field: 'version',
        message: 'Dit blok is intussen door iemand anders gewijzigd.',
      });
      expect(await readBlock(block)).toMatchObject({ content: { text: '<p>Eerste tab</p>' }, version: 2 });
    });

    it('of two saves from the same version exactly one wins', async () => {
      const id = await createPublication('Gelijktijdig');
      const block = await addBlock(id, 'tekst');
      const answers = await Promise.all([
        saveBlock(block, { text: '<p>A</p>' }),
        saveBlock(block, { text: '<p>B</p>' }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const winner = answers.find((answer) => answer.status === 200)?.body as PublicationBlock;
      expect(await readBlock(block)).toMatchObject({ content: winner.content, version: 2 });
    });

    it('a removed block answers 404, not 409', async () => {
      const id = await createPublication('Verdwenen blok');
      const block = await addBlock(id, 'tekst');
      expect((await api('DELETE', `/publications/${id}/blocks/${block.id}`)).status).toBe(204);
      expect((await saveBlock(block, { text: '<p>Te laat</p>' })).status).toBe(404);
    });
  });

  describe('rendering', () => {
    it('renders the blocks through each template with theme, absolute images and the unsubscribe placeholder', async () => {
      const id = await createPublication('Te renderen');
      await savedBlock(await addBlock(id, 'artikel'), article);
      await savedBlock(await addBlock(id, 'agendaitem'), {
        title: 'Inloopavond <Stationsgebied>',
        startsAt: '2025-02-11T19:30',
        location: 'Raadhuis',
      });
      const cdn = `${server.config.publicUrl}/cdn/${env}`;
      for (const templateId of [templates.zuiderveenStandard, templates.zuiderveenExtended]) {
        const response = await render(id, templateId);
        expect(response.status).toBe(200);
        const { html, text } = response.body as RenderedPublication;
        expect(html).toMatch(/^<!doctype html>/i);
        expect(html).toContain('Nieuwe bibliotheek open');
        expect(html).toContain('Inloopavond &lt;Stationsgebied&gt;');
        expect(html).toContain('dinsdag 11 februari 2025');
        expect(html).toContain(zuiderveenColour);
        expect(html).toMatch(
          new RegExp(
            `src="${cdn}/${mediaIds.zuiderveen.summerFile}\\.jpg\\?w=\\d+&amp;h=\\d+&amp;mode=crop"`,
          ),
        );
        expect(html).toContain('alt="De nieuwe leeszaal"');
        expect(html).toContain(`${cdn}/${mediaIds.zuiderveen.logoFile}.png?w=320&amp;h=160`);
        expect(html).toContain('href="https://www.zuiderveen.nl/bibliotheek"');
        expect(html).toContain('Gemeente Zuiderveen');
        // The unsubscribe link reads as a recipient's, with an example in place of the personal code.
        const unsubscribeExample = `${server.config.publicUrl}/u/jouw-persoonlijke-code`;
        expect(html).toContain(`href="${unsubscribeExample}"`);
        // A preview has no recipient: the merge field shows its fallback.
        expect(html).toContain('Beste lezer,');
        expect(html).not.toContain('{{firstName');
        expect(html.toLowerCase()).not.toContain('<script');
        expect(html).toMatch(/style="[^"]*font-family/);

        expect(text).toContain('Nieuwe bibliotheek open');
        expect(text).toContain('Beste lezer, de bibliotheek is open.');
        expect(text).toContain('Lees het hele verhaal: https://www.zuiderveen.nl/bibliotheek');
        expect(text).toContain('Inloopavond <Stationsgebied>');
        expect(text).toContain(`Uitschrijven: ${unsubscribeExample}`);
        expect(text).not.toContain('{{unsubscribeUrl}}');
        expect(text).not.toMatch(/<\/?(p|strong|div|table)\b/);
      }
    });

    it('keeps a 20-block publication under 100 KB', async () => {
      const id = await createPublication('Twintig blokken');
      const paragraph = `<p>${'Zuiderveen groeit en bloeit, en dat merk je in elke wijk. '.repeat(8)}</p>`;
      for (let index = 0; index < 20; index += 1) {
        await savedBlock(await addBlock(id, 'artikel'), {
          ...article,
          title: `Artikel ${index + 1}: nieuws uit de gemeente`,
          text: paragraph + paragraph,
        });
      }
      for (const templateId of [templates.zuiderveenStandard, templates.zuiderveenExtended]) {
        const { html } = (await render(id, templateId)).body as RenderedPublication;
        expect(html).toContain('Artikel 20: nieuws uit de gemeente');
        expect(Buffer.byteLength(html)).toBeLessThan(100 * 1024);
      }
    });

    it('renders invitations through their own layout', async () => {
      const response = await render(publications.residentsEvening, templates.zuiderveenInvitation);
      expect(response.status).toBe(200);
      const { html } = response.body as RenderedPublication;
      expect(html).toContain('Presentatie en vragen');
      expect(html).toContain('woensdag 12 maart 2025');
    });

    it("refuses a template of another type with 400 naming templateId, and another environment's publication with 404", async () => {
      expectFieldError(
        await render(publications.januaryNewsletter, templates.zuiderveenInvitation),
        'templateId',
      );
      expectFieldError(
        await render(publications.januaryNewsletter, templates.cultuurhuisStandard),
        'templateId',
      );
      expectFieldError(
        await api('GET', `/publications/${publications.januaryNewsletter}/render`),
        'templateId',
      );
      expect((await render(publications.seasonOpening, templates.cultuurhuisStandard)).status).toBe(404);
    });
  });

  describe('access across environments', () => {
    it("another environment's publication and blocks answer 404, and nothing is changed", async () => {
      const cultuurhuis = await server.api<{ data: PublicationBlock[] }>(
        'GET',
        `/publications/${publications.seasonOpening}/blocks`,
        { token, env: environmentIds.cultuurhuis },
      );
      const foreign = cultuurhuis.body.data[0];
      const before = foreign.content as BlockContent;

      expect(
        (await api('GET', `/publications/${publications.seasonOpening}/blocks/${foreign.id}`)).status,
      ).toBe(404);
      expect((await saveBlock(foreign, { title: 'Overgenomen' })).status).toBe(404);
      // A block of another publication is not found under this one either.
      const own = await createPublication('Eigen publicatie');
      expect((await api('GET', `/publications/${own}/blocks/${foreign.id}`)).status).toBe(404);
      expect(
        (
          await api('PUT', `/publications/${own}/blocks/${foreign.id}`, {
            content: { title: 'x' },
            version: 1,
          })
        ).status,
      ).toBe(404);

      const after = await server.api<PublicationBlock>(
        'GET',
        `/publications/${publications.seasonOpening}/blocks/${foreign.id}`,
        { token, env: environmentIds.cultuurhuis },
      );
      expect(after.body).toMatchObject({ content: before, version: foreign.version });
    });

    it('render and block calls need a signed-in member', async () => {
      const anonymous = await server.api('GET', `/publications/${publications.januaryNewsletter}/render`, {
        env,
        query: { templateId: templates.zuiderveenStandard },
      });
      expect(anonymous.status).toBe(401);
    });
  });

  describe('web version', () => {
    const webVersion = (environmentId: string, publicationId: string) =>
      server.api<string>('GET', `/p/${environmentId}/${publicationId}`);

    it('shows a public publication without sign-in, under a policy that allows no script', async () => {
      const response = await webVersion(env, publications.januaryNewsletter);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.text).toContain('Het marktplein is klaar');
      expect(response.text).toContain('Beste inwoner,');
      expect(response.text).not.toContain('{{unsubscribeUrl}}');
      expect(response.text.toLowerCase()).not.toContain('<script');
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain("default-src 'none'");
      expect(policy).not.toContain('script-src');
      expect(policy).toContain(`img-src ${new URL(server.config.publicUrl).origin}`);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-ratelimit-limit']).toBe('60');
    });

    it('answers a non-public, unknown or misplaced publication alike with 404', async () => {
      const notPublic = await webVersion(env, publications.februaryNewsletter);
      expect(notPublic.status).toBe(404);
      const unknown = await webVersion(env, '0b7f4a1c-1111-4222-8333-944455566677');
      const otherEnvironment = await webVersion(environmentIds.cultuurhuis, publications.januaryNewsletter);
      const malformed = await webVersion(env, 'niet-een-guid');
      for (const answer of [unknown, otherEnvironment, malformed]) {
        expect(answer.status).toBe(404);
        expect(answer.text).toBe(notPublic.text);
      }
    });

    it('follows the publication’s isPublic flag', async () => {
      const id = await createPublication('Wordt openbaar');
      await savedBlock(await addBlock(id, 'tekst'), { text: '<p>Voor iedereen te lezen</p>' });
      expect((await webVersion(env, id)).status).toBe(404);
      await api('PUT', `/publications/${id}`, {
        name: 'Wordt openbaar',
        isNotMarketing: false,
        isPublic: true,
      });
      const shown = await webVersion(env, id);
      expect(shown.status).toBe(200);
      expect(shown.text).toContain('Voor iedereen te lezen');
    });
  });
});
