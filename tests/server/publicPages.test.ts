import { JSDOM } from 'jsdom';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Flow, FormField, SubmissionPage } from '../../server/src/contract/forms';
import type { DeliveryJob } from '../../server/src/contract/publications';
import type { WebFont } from '../../server/src/contract/themes';
import {
  demoUsers,
  environmentIds,
  formIds,
  mediaIds,
  publicationIds,
  receiverIds,
  themeIds,
} from '../../server/src/seed/ids';
import { startSmtpSink, type SmtpSink } from './support/smtpSink';
import { startTestServer, type ApiResponse, type TestServer, type Tokens } from './support/testServer';

// The pages people see without signing in, through the real server: the public form (optional
// questions, closing by hand and at a moment), the unsubscribe page and the web version (public, and a
// recipient's own through the signed link in every message), all in the environment's theme with a CSP
// that allows exactly its web font's hosts.

const env = environmentIds.zuiderveen;
const googleFont = 'https://fonts.googleapis.com/css2?family=Open+Sans:wght@400;700&display=swap';
const minute = 60 * 1000;

describe('public pages', () => {
  let server: TestServer;
  let sink: SmtpSink;
  let token: Tokens;
  let clientNumber = 0;

  beforeAll(async () => {
    sink = await startSmtpSink();
    // TRUST_PROXY: each request speaks from its own client address, out of the rate limits' way.
    server = await startTestServer({ SMTP_URL: sink.url, DELIVERY_RETRY_DELAY_MS: '0', TRUST_PROXY: 'on' });
    token = await server.signIn(demoUsers.anne.username);
    // The theme's body font becomes a Google web font; the theme already has a logo.
    const font = await api<WebFont>('POST', `/themes/${themeIds.zuiderveen}/fonts`, {
      fontIdentifier: 'Open Sans',
      srcUrl: googleFont,
    });
    expect(font.status).toBe(201);
    const theme = await api('PUT', `/themes/${themeIds.zuiderveen}`, {
      bodyFont: font.body.id,
      primaryColor: '#7a1f5c',
    });
    expect(theme.status).toBe(200);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  const api = <T>(method: string, path: string, body?: unknown) =>
    server.api<T>(method, path, { token, env, body });
  /** A person's browser: pages as HTML, the form posted form-encoded, each from a client address of its own. */
  const visitor = () => {
    clientNumber += 1;
    const headers = { accept: 'text/html', 'x-forwarded-for': `10.3.0.${clientNumber}` };
    return {
      open: (path: string) => server.api<string>('GET', path, { headers }),
      post: (path: string, fields: Record<string, string>) =>
        server.api<string>('POST', path, {
          body: new URLSearchParams(fields).toString(),
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        }),
      postJson: (path: string, answers: Record<string, string>) =>
        server.api<{ status: number; message: string; field?: string }>('POST', path, {
          body: { answers },
          headers: { 'x-forwarded-for': headers['x-forwarded-for'] },
        }),
    };
  };
  const documentOf = (response: ApiResponse<string>) => new JSDOM(response.text).window.document;
  const formPath = (flowId: string) => `/f/${env}/${flowId}`;
  const submissionCount = async (flowId: string) =>
    (await api<SubmissionPage>('GET', `/flows/${flowId}/submissions`)).body.total;

  /** The theme reaches a page: logo from the CDN, primary colour, web font linked and allowed, no script. */
  function expectThemed(response: ApiResponse<string>) {
    const policy = String(response.headers['content-security-policy']);
    const directives = Object.fromEntries(
      policy.split(';').map((directive) => {
        const [name, ...values] = directive.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(directives['style-src']).toEqual(["'unsafe-inline'", 'https://fonts.googleapis.com']);
    expect(directives['font-src']).toEqual(['https://fonts.gstatic.com']);
    expect(directives['default-src']).toEqual(["'none'"]);
    expect(directives['img-src']).toEqual([new URL(server.url).origin]);
    expect(policy).not.toContain('script');
    const page = documentOf(response);
    expect(page.documentElement.lang).toBe('nl');
    expect(page.querySelector('script')).toBeNull();
    expect(page.querySelector('link[rel=stylesheet]')?.getAttribute('href')).toBe(googleFont);
    expect(response.text).toContain("'Open Sans'");
    expect(response.text).toContain('#7a1f5c');
    const logo = page.querySelector('img');
    expect(logo?.getAttribute('src')).toContain(`/cdn/${env}/${mediaIds.zuiderveen.logoFile}`);
    expect(logo?.getAttribute('alt')).toBe('Gemeente Zuiderveen');
  }

  async function buildForm(required: { choice: boolean; text: boolean }) {
    const flowId = (await api<string>('POST', '/flows', { name: 'Intern', title: 'Buurtfeest' })).body;
    const choice = (
      await api<FormField>('POST', `/flows/${flowId}/fields`, {
        label: 'Kom je?',
        type: 0,
        required: required.choice,
      })
    ).body;
    const text = (
      await api<FormField>('POST', `/flows/${flowId}/fields`, {
        label: 'Opmerking',
        type: 1,
        required: required.text,
      })
    ).body;
    const yes = (
      await api<{ id: string }>('POST', `/flows/${flowId}/fields/${choice.id}/options`, {
        label: 'Ja',
        maxAnswers: 0,
      })
    ).body;
    return { flowId, choice, text, yes };
  }

  describe('the public form', () => {
    it('wears the theme, shows the description, and its CSP allows the configured font host', async () => {
      const response = await visitor().open(formPath(formIds.playgroundEvening));
      expect(response.status).toBe(200);
      expectThemed(response);
      expect(documentOf(response).querySelectorAll('p.description').length).toBeGreaterThan(0);
    });

    it('lets an optional question be left empty, and still requires a required one', async () => {
      const { flowId, choice, text, yes } = await buildForm({ choice: true, text: false });
      expect(text.required).toBe(false);
      expect(choice.required).toBe(true);
      const page = documentOf(await visitor().open(formPath(flowId)));
      const textarea = page.querySelector('textarea');
      expect(textarea?.hasAttribute('required')).toBe(false);
      expect(page.querySelector(`label[for="${textarea?.id}"]`)?.textContent).toContain('(niet verplicht)');
      expect(page.querySelector('input[type=radio]')?.hasAttribute('required')).toBe(true);

      const empty = await visitor().postJson(formPath(flowId), { [choice.id]: yes.id, [text.id]: '  ' });
      expect(empty.status).toBe(201);
      const left = await visitor().postJson(formPath(flowId), { [choice.id]: yes.id });
      expect(left.status).toBe(201);
      const missing = await visitor().postJson(formPath(flowId), { [text.id]: 'Ik neem taart mee' });
      expect(missing.status).toBe(400);
      expect(missing.body.field).toBe(`answers.${choice.id}`);
      const submissions = await api<SubmissionPage>('GET', `/flows/${flowId}/submissions`);
      expect(submissions.body.total).toBe(2);
      expect(submissions.body.data.map((submission) => submission.answers.map((a) => a.fieldId))).toEqual([
        [choice.id],
        [choice.id],
      ]);

      // The switch can be turned on again; a PUT without it keeps it as it is.
      await api('PUT', `/flows/${flowId}/fields/${text.id}`, { label: 'Opmerking', type: 1, required: true });
      await api('PUT', `/flows/${flowId}/fields/${text.id}`, { label: 'Je opmerking', type: 1 });
      const field = await api<FormField>('GET', `/flows/${flowId}/fields/${text.id}`);
      expect(field.body.required).toBe(true);
      const nowRequired = await visitor().postJson(formPath(flowId), { [choice.id]: yes.id });
      expect(nowRequired.status).toBe(400);
      expect(nowRequired.body.field).toBe(`answers.${text.id}`);
    });

    it('accepts a form of only optional questions left empty (as a browser sends it)', async () => {
      const { flowId, choice, text } = await buildForm({ choice: false, text: false });
      const sent = await visitor().post(formPath(flowId), { [text.id]: '' });
      expect(sent.status).toBe(303);
      expect(await submissionCount(flowId)).toBe(1);
      expect(choice.required).toBe(false);
    });

    it('closed by hand: the page says so in Dutch, a submission gets 409 and nothing is stored', async () => {
      const { flowId, choice, yes } = await buildForm({ choice: true, text: false });
      const closed = await api<Flow>('PUT', `/flows/${flowId}`, { name: 'Intern', isClosed: true });
      expect(closed.body).toMatchObject({ isClosed: true, isOpen: false, closesAt: null });
      // A client of the spec's call (name, title, description) does not reopen it.
      await api('PUT', `/flows/${flowId}`, { name: 'Intern', title: 'Buurtfeest' });
      expect((await api<Flow>('GET', `/flows/${flowId}`)).body.isClosed).toBe(true);

      const page = await visitor().open(formPath(flowId));
      expect(page.status).toBe(200);
      const document = documentOf(page);
      expect(document.querySelector('form')).toBeNull();
      expect(document.querySelector('.notice')?.textContent?.replace(/\s+/g, ' ').trim()).toBe(
        'Dit formulier is gesloten. Je kunt geen antwoorden meer versturen.',
      );

      const json = await visitor().postJson(formPath(flowId), { [choice.id]: yes.id });
      expect(json.status).toBe(409);
      expect(json.body.message).toBe('Dit formulier is gesloten. Je kunt geen antwoorden meer versturen.');
      const fromPage = await visitor().post(formPath(flowId), { [choice.id]: yes.id });
      expect(fromPage.status).toBe(409);
      expect(fromPage.text).toContain('Dit formulier is gesloten.');
      expect(await submissionCount(flowId)).toBe(0);

      await api('PUT', `/flows/${flowId}`, { name: 'Intern', isClosed: false });
      expect((await visitor().postJson(formPath(flowId), { [choice.id]: yes.id })).status).toBe(201);
    });

    it('closes by itself at its closing moment (the clock moved, not waited for)', async () => {
      vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
      const { flowId, choice, yes } = await buildForm({ choice: true, text: false });
      const closesAt = new Date(Date.now() + 10 * minute);
      const set = await api<Flow>('PUT', `/flows/${flowId}`, {
        name: 'Intern',
        closesAt: closesAt.toISOString(),
      });
      expect(set.status).toBe(200);
      expect(set.body).toMatchObject({ isClosed: false, isOpen: true, closesAt: closesAt.toISOString() });
      const open = documentOf(await visitor().open(formPath(flowId)));
      expect(open.querySelector('form')).not.toBeNull();
      expect(open.querySelector('.notice')?.textContent).toContain('Je kunt dit formulier invullen tot');
      expect((await visitor().postJson(formPath(flowId), { [choice.id]: yes.id })).status).toBe(201);

      vi.setSystemTime(closesAt.getTime() + minute);
      const page = await visitor().open(formPath(flowId));
      const document = documentOf(page);
      expect(document.querySelector('form')).toBeNull();
      expect(document.querySelector('.notice')?.textContent?.replace(/\s+/g, ' ')).toMatch(
        /Dit formulier is gesloten sinds \S+ \d+ \S+ \d{4} om \d\d:\d\d\. Je kunt geen antwoorden meer versturen\./,
      );
      const late = await visitor().postJson(formPath(flowId), { [choice.id]: yes.id });
      expect(late.status).toBe(409);
      expect(await submissionCount(flowId)).toBe(1);
      expect((await api<Flow>('GET', `/flows/${flowId}`)).body.isOpen).toBe(false);

      // Removing the moment opens it again.
      await api('PUT', `/flows/${flowId}`, { name: 'Intern', closesAt: null });
      expect((await visitor().postJson(formPath(flowId), { [choice.id]: yes.id })).status).toBe(201);
    });

    it('refuses a closing moment that is no moment with 400 naming closesAt', async () => {
      const { flowId } = await buildForm({ choice: true, text: true });
      const refused = await api<{ field: string }>('PUT', `/flows/${flowId}`, {
        name: 'Intern',
        closesAt: 'morgen',
      });
      expect(refused.status).toBe(400);
      expect(refused.body.field).toBe('closesAt');
    });
  });

  describe('sent messages, their unsubscribe page and web version', () => {
    const publicationId = publicationIds.publications.januaryNewsletter;
    let webVersionPath = '';
    let mailHtml = '';
    let unsubscribePath = '';

    it("sends each message with its own signed 'Bekijk in je browser' link, in the HTML and the plain text", async () => {
      // Not public: the personal link is then the only way to the web version.
      const made = await api('PUT', `/publications/${publicationId}`, {
        name: 'Nieuwsbrief januari 2025',
        isNotMarketing: false,
        isPublic: false,
      });
      expect(made.status).toBe(200);
      const job = await api<DeliveryJob>('POST', '/deliveryjobs', {
        publicationId,
        publicationTemplateId: publicationIds.templates.zuiderveenStandard,
        title: 'Verspreiden van Nieuwsbrief januari 2025',
        audienceId: receiverIds.audiences.editorsTest,
      });
      expect(job.status).toBe(201);
      await expect
        .poll(async () => (await api<DeliveryJob>('GET', `/deliveryjobs/${job.body.id}`)).body.status, {
          timeout: 30_000,
          interval: 100,
        })
        .toBe('Verzonden');
      const message = sink.accepted.find((candidate) => /^anne@/i.test(candidate.to))!;
      const parsed = await simpleParser(message.source);
      mailHtml = String(parsed.html);
      const mailDocument = new JSDOM(mailHtml).window.document;
      const browserLink = [...mailDocument.querySelectorAll('a')].find(
        (anchor) => anchor.textContent === 'Bekijk in je browser',
      );
      const href = browserLink?.getAttribute('href') ?? '';
      expect(href).toMatch(
        new RegExp(`^${server.url}/p/${env}/${publicationId}/[0-9a-z]+\\.[A-Za-z0-9_-]{22}$`),
      );
      webVersionPath = new URL(href).pathname;
      expect(parsed.text?.split('\n')[0]).toBe(`Bekijk in je browser: ${href}`);
      unsubscribePath = /^<https:\/\/[^/]+(\/u\/[^>]+)>$/.exec(message.headers['list-unsubscribe'])![1];
    });

    it('the unsubscribe page wears the theme', async () => {
      const page = await visitor().open(unsubscribePath);
      expect(page.status).toBe(200);
      expectThemed(page);
      expect(page.text).toContain('Ja, schrijf mij uit');
    });

    it("the recipient's link shows the web version with their merge values, in the theme, without links of its own", async () => {
      const page = await visitor().open(webVersionPath);
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      const policy = String(page.headers['content-security-policy']);
      expect(policy).toContain("style-src 'unsafe-inline' https://fonts.googleapis.com");
      expect(policy).toContain('font-src https://fonts.gstatic.com');
      expect(policy).toContain("form-action 'none'");
      expect(policy).not.toContain('script');
      expect(page.text).toContain(`href="${googleFont.replace(/&/g, '&amp;')}"`);
      const greeting = /Beste ([^,<]+),/;
      const inMail = greeting.exec(mailHtml)?.[1];
      expect(inMail).toBeDefined();
      expect(inMail).not.toBe('inwoner');
      expect(greeting.exec(page.text)?.[1]).toBe(inMail);
      expect(page.text).not.toContain('Bekijk in je browser');
      expect(page.text).not.toContain('{{');
      expect(page.text).not.toContain('/u/');
    });

    it('a non-public publication has no web version without the token', async () => {
      expect((await visitor().open(`/p/${env}/${publicationId}`)).status).toBe(404);
      await api('PUT', `/publications/${publicationId}`, {
        name: 'Nieuwsbrief januari 2025',
        isNotMarketing: false,
        isPublic: true,
      });
      const open = await visitor().open(`/p/${env}/${publicationId}`);
      expect(open.status).toBe(200);
      expect(open.headers['content-security-policy']).toContain('font-src https://fonts.gstatic.com');
      // Without a recipient the merge fields show their fallbacks.
      expect(open.text).toContain('Beste inwoner,');
      await api('PUT', `/publications/${publicationId}`, {
        name: 'Nieuwsbrief januari 2025',
        isNotMarketing: false,
        isPublic: false,
      });
    });

    it('refuses an altered, non-canonical, or another publication’s or environment’s token with the same 404', async () => {
      const [, , envId, pubId, tokenText] = webVersionPath.split('/');
      const [id, signature] = tokenText.split('.');
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      const last = alphabet.indexOf(signature.at(-1)!);
      // The last character's low 4 bits are beyond the 128 signed bits: the same bytes, spelled otherwise.
      const respelled = signature.slice(0, -1) + alphabet[last ^ 1];
      const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
      const otherId = (parseInt(id, 36) + 1).toString(36);
      const paths = [
        `/p/${envId}/${pubId}/${id}.${flipped}`,
        `/p/${envId}/${pubId}/${id}.${respelled}`,
        `/p/${envId}/${pubId}/${otherId}.${signature}`,
        `/p/${envId}/${pubId}/${id}.${signature}x`,
        `/p/${envId}/${publicationIds.publications.februaryNewsletter}/${tokenText}`,
        `/p/${environmentIds.cultuurhuis}/${pubId}/${tokenText}`,
        `/p/${envId}/niet-een-id/${tokenText}`,
      ];
      for (const path of paths) {
        const refused = await visitor().open(path);
        expect(refused.status, path).toBe(404);
        expect(refused.text).toContain('Deze publicatie bestaat niet of is niet openbaar.');
      }
      // The genuine one still works: nothing was changed by the GETs.
      expect((await visitor().open(webVersionPath)).status).toBe(200);
    });
  });
});
