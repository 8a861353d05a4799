import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DeliverCheck,
  DeliveryJob,
  Publication,
  PublicationBlock,
  PublicationBlockPage,
  RenderedPublication,
} from '../../server/src/contract/publications';
import { demoUsers, environmentIds, publicationIds } from '../../server/src/seed/ids';
import { startSmtpSink, type SmtpSink } from './support/smtpSink';
import { startTestServer, type TestServer, type Tokens } from './support/testServer';

// Sending with confidence, through the real server and its in-process worker (SMTP to a sink here):
// subject and preview text, the checks before sending, their blockers refusing the job, moments in the
// past refused, and duplicating a publication.

const env = environmentIds.zuiderveen;
const { publications, templates, types } = publicationIds;
const day = 24 * 60 * 60 * 1000;

interface ErrorBody {
  status: number;
  message: string;
  field?: string;
}

describe('checks before sending, subject and preview text, duplicating', () => {
  let server: TestServer;
  let sink: SmtpSink;
  let token: Tokens;

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer({ SMTP_URL: sink.url, DELIVERY_RETRY_DELAY_MS: '0' });
    token = await server.signIn(demoUsers.anne.username);
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  const api = <T>(method: string, path: string, body?: unknown, query?: Record<string, string>) =>
    server.api<T>(method, path, { token, env, body, query });

  /** A new publication of the newsletter type, with blocks of the given types (empty content). */
  async function newPublication(name: string, ...blockTypes: string[]): Promise<string> {
    const created = await api<string>('POST', '/publications/', {
      name,
      publicationTypeId: types.zuiderveenNewsletter,
    });
    expect(created.status).toBe(201);
    for (const blockType of blockTypes) {
      const path = `/publications/${created.body}/type/${types.zuiderveenNewsletter}/${blockType}/dynamic`;
      expect((await api('POST', path)).status).toBe(201);
    }
    return created.body;
  }

  async function fillBlock(publicationId: string, block: PublicationBlock, content: Record<string, unknown>) {
    const saved = await api('PUT', `/publications/${publicationId}/blocks/${block.id}`, {
      content,
      version: block.version,
    });
    expect(saved.status).toBe(200);
  }

  const blocksOf = async (publicationId: string) =>
    (await api<PublicationBlockPage>('GET', `/publications/${publicationId}/blocks`)).body.data;

  /** An audience over one new list with these addresses (as typed: case and repeats kept). */
  async function audienceWith(name: string, ...lists: string[][]): Promise<string> {
    const audience = await api<string>('POST', '/audience', undefined, { name });
    for (const [index, addresses] of lists.entries()) {
      const list = await api<{ id: string }>('POST', '/list/manual', undefined, {
        title: `${name} ${index}`,
      });
      for (const email of addresses) {
        const added = await api('POST', `/list/manual/${list.body.id}/subscriber`, { name: email, email });
        expect(added.status).toBe(201);
      }
      const path = `/audience/${audience.body}/lists/add`;
      expect((await api('POST', path, undefined, { listId: list.body.id })).status).toBe(201);
    }
    return audience.body;
  }

  const check = (publicationId: string, query: Record<string, string>) =>
    api<DeliverCheck>('GET', `/publications/${publicationId}/deliver-check`, undefined, query);

  const jobBody = (publicationId: string, audienceId: string, extra: Record<string, unknown> = {}) => ({
    publicationId,
    title: 'Verspreiden',
    publicationTemplateId: templates.zuiderveenStandard,
    audienceId,
    ...extra,
  });

  const finished = async (jobId: string) => {
    await expect
      .poll(async () => (await api<DeliveryJob>('GET', `/deliveryjobs/${jobId}`)).body.status, {
        timeout: 30_000,
        interval: 100,
      })
      .toBe('Verzonden');
    return (await api<DeliveryJob>('GET', `/deliveryjobs/${jobId}`)).body;
  };

  it('keeps the spec calls as they were and stores subject and preview text beside the name', async () => {
    const id = await newPublication('Interne naam', 'tekst');
    const created = await api<Publication>('GET', `/publications/${id}`);
    expect(created.body).toMatchObject({ name: 'Interne naam', subject: null, preheader: null });

    // The spec's body alone changes the name and flags, and leaves subject and preview text as they are.
    const withSubject = await api<Publication>('PUT', `/publications/${id}`, {
      name: 'Interne naam',
      isNotMarketing: false,
      isPublic: false,
      subject: '  Nieuws voor {{firstName|jou}}  ',
      preheader: 'Alles over de nieuwe speeltuin',
    });
    expect(withSubject.body).toMatchObject({
      subject: 'Nieuws voor {{firstName|jou}}',
      preheader: 'Alles over de nieuwe speeltuin',
    });
    const specCall = await api<Publication>('PUT', `/publications/${id}`, {
      name: 'Andere naam',
      isNotMarketing: true,
      isPublic: true,
    });
    expect(specCall.status).toBe(200);
    expect(specCall.body).toMatchObject({
      name: 'Andere naam',
      isNotMarketing: true,
      subject: 'Nieuws voor {{firstName|jou}}',
      preheader: 'Alles over de nieuwe speeltuin',
    });

    const unknownField = await api<ErrorBody>('PUT', `/publications/${id}`, {
      name: 'Andere naam',
      isNotMarketing: true,
      isPublic: true,
      subject: 'Hallo {{bedrijf}}',
    });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.field).toBe('subject');
    const tooLong = await api<ErrorBody>('PUT', `/publications/${id}`, {
      name: 'Andere naam',
      isNotMarketing: true,
      isPublic: true,
      preheader: 'x'.repeat(251),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.field).toBe('preheader');

    // The preview shows the inbox line; blank clears the subject, and the name is the subject again.
    const preview = await api<RenderedPublication>('GET', `/publications/${id}/render`, undefined, {
      templateId: templates.zuiderveenStandard,
    });
    expect(preview.body.subject).toBe('Nieuws voor jou');
    expect(preview.body.preheader).toBe('Alles over de nieuwe speeltuin');
    expect(preview.body.html).toContain('Alles over de nieuwe speeltuin');
    expect(preview.body.from).toContain('@');
    await api('PUT', `/publications/${id}`, {
      name: 'Andere naam',
      isNotMarketing: true,
      isPublic: true,
      subject: ' ',
    });
    const cleared = await api<RenderedPublication>('GET', `/publications/${id}/render`, undefined, {
      templateId: templates.zuiderveenStandard,
    });
    expect(cleared.body.subject).toBe('Andere naam');
  });

  it('sends with the subject (merge fields filled) and the preview text hidden at the top of the body', async () => {
    const id = await newPublication('Intern: maart', 'tekst');
    const [block] = await blocksOf(id);
    await fillBlock(id, block, { text: '<p>De eerste alinea van de brief.</p>' });
    await api('PUT', `/publications/${id}`, {
      name: 'Intern: maart',
      isNotMarketing: false,
      isPublic: false,
      subject: 'Maartnieuws voor {{name|jou}}',
      preheader: 'Vooraf te lezen in je inbox',
    });
    const audienceId = await audienceWith('Onderwerp', ['onderwerp@proef.nl']);
    const job = await api<DeliveryJob>('POST', '/deliveryjobs', jobBody(id, audienceId));
    expect(job.status).toBe(201);
    await finished(job.body.id);

    const message = sink.accepted.find((candidate) => candidate.to === 'onderwerp@proef.nl')!;
    const parsed = await simpleParser(message.source);
    expect(parsed.subject).toBe('Maartnieuws voor onderwerp@proef.nl');
    const html = String(parsed.html);
    const body = html.slice(html.indexOf('<body'));
    // The preview text comes before the first words of the message, in an element hidden from view.
    expect(body.indexOf('Vooraf te lezen in je inbox')).toBeGreaterThan(-1);
    expect(body.indexOf('Vooraf te lezen in je inbox')).toBeLessThan(body.indexOf('De eerste alinea'));
    expect(body).toMatch(/<div style="display:none;[^"]*">Vooraf te lezen in je inbox/);
    expect(parsed.text).not.toContain('Vooraf te lezen in je inbox');
  });

  it('counts the recipients exactly as the job then sends to them: unsubscribers and repeats left out', async () => {
    const audienceId = await audienceWith(
      'Telling',
      ['een@telling.nl', 'twee@telling.nl', 'weg@telling.nl'],
      ['TWEE@telling.nl', 'drie@telling.nl'],
    );
    expect((await api('POST', '/unsubscribers', undefined, { email: 'Weg@Telling.nl' })).status).toBe(201);
    const id = publications.januaryNewsletter;
    const checked = await check(id, { audienceId, templateId: templates.zuiderveenStandard });
    expect(checked.status).toBe(200);
    expect(checked.body.recipients).toBe(3);
    expect(checked.body.blockers).toEqual([]);

    const job = await api<DeliveryJob>('POST', '/deliveryjobs', jobBody(id, audienceId));
    const done = await finished(job.body.id);
    expect(done.sentCount).toBe(checked.body.recipients);
    expect(sink.accepted.filter((message) => /@telling\.nl$/i.test(message.to))).toHaveLength(3);

    // Without a choice yet: no recipients, and the publication's own checks still answer.
    const empty = await check(id, {});
    expect(empty.body).toMatchObject({ recipients: 0, blockers: [] });
    expect((await check(id, { audienceId: 'geen-id' })).body).toMatchObject({
      status: 400,
      field: 'audienceId',
    });
  });

  it("warns how many recipients get an empty merge field without a fallback ('Beste , …'), with one of them", async () => {
    const id = await newPublication('Beste bewoner', 'tekst');
    const [block] = await blocksOf(id);
    await fillBlock(id, block, { text: '<p>Beste {{firstName}}, afgelopen week …</p>' });
    const audience = await api<string>('POST', '/audience', undefined, { name: 'Voornamen' });
    const list = await api<{ id: string }>('POST', '/list/manual', undefined, { title: 'Voornamen' });
    for (const [email, firstName] of [
      ['anna@voornaam.nl', 'Anna'],
      ['zonder@voornaam.nl', null],
      ['leeg@voornaam.nl', ' '],
    ] as const)
      await api('POST', `/list/manual/${list.body.id}/subscriber`, { name: email, email, firstName });
    await api('POST', `/audience/${audience.body}/lists/add`, undefined, { listId: list.body.id });
    const query = { audienceId: audience.body, templateId: templates.zuiderveenStandard };

    const without = await check(id, query);
    const warning = without.body.warnings.find((candidate) => candidate.code === 'mergeFieldEmpty');
    expect(warning?.message).toBe(
      "Voornaam ({{firstName}}) is leeg voor 2 van de 3 ontvangers, bijvoorbeeld leeg@voornaam.nl, en heeft geen vervangende tekst: op die plek komt niets ('Beste , …'). Geef een vervangende tekst, zoals {{firstName|inwoner}}.",
    );

    // 'Bekijken als': the preview shows the warned-about recipient as they would get it, and another's name.
    const previewAs = (recipient: string) =>
      api<{ text: string; status?: number; field?: string; message?: string }>(
        'GET',
        `/publications/${id}/render`,
        undefined,
        { templateId: templates.zuiderveenStandard, recipient },
      );
    expect((await previewAs('leeg@voornaam.nl')).body.text).toContain('Beste , afgelopen week');
    expect((await previewAs(' Anna@Voornaam.nl ')).body.text).toContain('Beste Anna, afgelopen week');
    const unknown = await previewAs('niemand@voornaam.nl');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      field: 'recipient',
      message: 'Er staat geen ontvanger met dit e-mailadres in de lijsten van deze omgeving.',
    });

    const [saved] = await blocksOf(id);
    await fillBlock(id, saved, { text: '<p>Beste {{firstName|inwoner}}, afgelopen week …</p>' });
    const withFallback = await check(id, query);
    expect(withFallback.body.warnings.map((candidate) => candidate.code)).not.toContain('mergeFieldEmpty');
    expect((await previewAs('leeg@voornaam.nl')).body.text).toContain('Beste inwoner, afgelopen week');
  });

  it('warns that the publication already went to this audience, with the date', async () => {
    const audienceId = await audienceWith('Nogmaals', ['nogmaals@proef.nl']);
    const id = publications.residentsEvening;
    const before = await check(id, { audienceId, templateId: templates.zuiderveenInvitation });
    expect(before.body.warnings.map((warning) => warning.code)).not.toContain('alreadySent');

    const job = await api<DeliveryJob>('POST', '/deliveryjobs', {
      ...jobBody(id, audienceId),
      publicationTemplateId: templates.zuiderveenInvitation,
    });
    const done = await finished(job.body.id);
    const after = await check(id, { audienceId, templateId: templates.zuiderveenInvitation });
    const warning = after.body.warnings.find((candidate) => candidate.code === 'alreadySent');
    expect(warning).toBeDefined();
    const date = new Intl.DateTimeFormat('nl-NL', {
      dateStyle: 'long',
      timeZone: 'Europe/Amsterdam',
    }).format(new Date(done.startedAt!));
    expect(warning!.message).toContain(`al naar deze doelgroep verzonden op ${date}`);
    // Another audience has not had it.
    const other = await check(id, {
      audienceId: await audienceWith('Nieuw', ['nieuw@proef.nl']),
      templateId: templates.zuiderveenInvitation,
    });
    expect(other.body.warnings.map((candidate) => candidate.code)).not.toContain('alreadySent');
  });

  it('blocks a publication without blocks or with a required field empty, and the job is refused naming the field', async () => {
    const audienceId = await audienceWith('Geblokkeerd', ['blok@proef.nl']);
    const empty = await newPublication('Zonder blokken');
    const noBlocks = await check(empty, { audienceId });
    expect(noBlocks.body.blockers.map((blocker) => blocker.code)).toEqual(['noBlocks']);
    const refusedEmpty = await api<ErrorBody>('POST', '/deliveryjobs', jobBody(empty, audienceId));
    expect(refusedEmpty.status).toBe(400);
    expect(refusedEmpty.body).toMatchObject({
      field: 'publicationId',
      message: noBlocks.body.blockers[0].message,
    });

    const unfilled = await newPublication('Leeg verplicht veld', 'artikel');
    const requiredEmpty = await check(unfilled, { audienceId, templateId: templates.zuiderveenStandard });
    expect(requiredEmpty.body.blockers).toEqual([
      {
        code: 'requiredFieldEmpty',
        field: 'publicationId',
        message: "Blok 1 (Artikel): het verplichte veld 'Titel' is leeg.",
      },
    ]);
    // Not set yet: the subject warning shows, with the name that goes out instead.
    expect(requiredEmpty.body.warnings.map((warning) => warning.code)).toContain('subjectNotSet');
    const refused = await api<ErrorBody>('POST', '/deliveryjobs', jobBody(unfilled, audienceId));
    expect(refused).toMatchObject({ status: 400, body: { field: 'publicationId' } });
    expect(refused.body.message).toContain("'Titel' is leeg");
    const jobs = await api<{ total: number }>('GET', '/deliveryjobs', undefined, { publicationId: unfilled });
    expect(jobs.body.total).toBe(0);

    // Filled in, the blocker is gone and the job is accepted; an image without alt text and an http link warn.
    const [block] = await blocksOf(unfilled);
    await fillBlock(unfilled, block, {
      title: 'Nu wel een titel',
      link: { url: 'http://www.zuiderveen.nl/oud', text: 'Oude site' },
    });
    const ready = await check(unfilled, { audienceId, templateId: templates.zuiderveenStandard });
    expect(ready.body.blockers).toEqual([]);
    expect(ready.body.warnings.find((warning) => warning.code === 'insecureLink')?.message).toContain(
      'http://www.zuiderveen.nl/oud',
    );
    const accepted = await api<DeliveryJob>(
      'POST',
      '/deliveryjobs',
      jobBody(unfilled, audienceId, { scheduledAt: new Date(Date.now() + day).toISOString() }),
    );
    expect(accepted.status).toBe(201);
    // A template that is not of the publication's type is a blocker in the check as well.
    const wrongTemplate = await check(unfilled, { audienceId, templateId: templates.cultuurhuisStandard });
    expect(wrongTemplate.body.blockers.map((blocker) => blocker.code)).toEqual(['templateGone']);
  });

  it("refuses a moment in the past: 'Kies een moment in de toekomst', for a new job and a moved one", async () => {
    const audienceId = await audienceWith('Verleden', ['verleden@proef.nl']);
    const id = publications.januaryNewsletter;
    const past = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    const refused = await api<ErrorBody>(
      'POST',
      '/deliveryjobs',
      jobBody(id, audienceId, { scheduledAt: past }),
    );
    expect(refused).toMatchObject({
      status: 400,
      body: { field: 'scheduledAt', message: 'Kies een moment in de toekomst' },
    });

    const planned = await api<DeliveryJob>(
      'POST',
      '/deliveryjobs',
      jobBody(id, audienceId, { scheduledAt: new Date(Date.now() + day).toISOString() }),
    );
    expect(planned.status).toBe(201);
    // Planned: its moment lies after its creation (the console tells 'planned' from 'sending now' so).
    expect(Date.parse(planned.body.scheduledAt)).toBeGreaterThan(Date.parse(planned.body.createdAt));
    const moved = await api<ErrorBody>('PUT', `/deliveryjobs/${planned.body.id}/schedule`, {
      scheduledAt: past,
    });
    expect(moved).toMatchObject({
      status: 400,
      body: { field: 'scheduledAt', message: 'Kies een moment in de toekomst' },
    });
    expect((await api<DeliveryJob>('GET', `/deliveryjobs/${planned.body.id}`)).body.scheduledAt).toBe(
      planned.body.scheduledAt,
    );

    // Without a moment the job starts now: its moment is its creation.
    const now = await api<DeliveryJob>('POST', '/deliveryjobs', jobBody(id, audienceId));
    expect(now.body.scheduledAt).toBe(now.body.createdAt);
  });

  it('duplicates a publication with its type, settings and blocks in order, named (kopie)', async () => {
    const id = await newPublication('Origineel', 'artikel', 'tekst');
    const [article, text] = await blocksOf(id);
    await fillBlock(id, article, { title: 'Eerste blok' });
    await fillBlock(id, text, { text: '<p>Tweede blok</p>' });
    await api('PUT', `/publications/${id}`, {
      name: 'Origineel',
      isNotMarketing: true,
      isPublic: true,
      subject: 'Het onderwerp',
      preheader: 'De voorbeeldtekst',
    });

    const copied = await api<Publication>('POST', `/publications/${id}/duplicate`);
    expect(copied.status).toBe(201);
    expect(copied.body.id).not.toBe(id);
    const copy = await api<Publication>('GET', `/publications/${copied.body.id}`);
    expect(copy.body).toEqual(copied.body);
    expect(copy.body).toMatchObject({
      name: 'Origineel (kopie)',
      publicationTypeId: types.zuiderveenNewsletter,
      isNotMarketing: true,
      isPublic: true,
      subject: 'Het onderwerp',
      preheader: 'De voorbeeldtekst',
    });
    const blocks = await blocksOf(copied.body.id);
    expect(blocks.map((block) => [block.blockType, block.position, block.content])).toEqual([
      ['artikel', 0, { title: 'Eerste blok' }],
      ['tekst', 1, { text: '<p>Tweede blok</p>' }],
    ]);
    // The copy's blocks are its own: changing one leaves the original as it was.
    await fillBlock(copied.body.id, blocks[0], { title: 'Veranderd' });
    expect((await blocksOf(id))[0].content).toEqual({ title: 'Eerste blok' });

    expect((await api('POST', '/publications/0b7f4a1c-1111-4222-8333-944455566677/duplicate')).status).toBe(
      404,
    );
    const otherEnvironment = await server.api(
      'POST',
      `/publications/${publications.seasonOpening}/duplicate`,
      {
        token,
        env,
      },
    );
    expect(otherEnvironment.status).toBe(404);
  });
});
