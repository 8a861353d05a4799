import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldOption, FormField, SubmissionPage } from '../../server/src/contract/forms';
import { environmentIds, formIds } from '../../server/src/seed/ids';
import { startTestServer, type ApiResponse, type TestServer, type Tokens } from './support/testServer';

const env = environmentIds.zuiderveen;

describe('public form page', () => {
  let server: TestServer;
  let token: Tokens;
  let clientNumber = 0;

  beforeAll(async () => {
    // TRUST_PROXY: each test speaks from its own client address (X-Forwarded-For), so the per-address
    // rate limit is exercised on purpose in one test and stays out of the way in the others.
    server = await startTestServer({ TRUST_PROXY: 'on' });
    token = await server.signIn('anne@voorbeeld.nl');
  });
  afterAll(async () => {
    await server?.close();
  });

  const api = <T>(method: string, path: string, body?: unknown) =>
    server.api<T>(method, path, { token, env, body });
  const newClient = () => {
    clientNumber += 1;
    return `10.2.0.${clientNumber}`;
  };

  /** A browser: GETs pages and posts the form's fields form-encoded, from one client address. */
  function browser(address = newClient()) {
    const headers = { accept: 'text/html', 'x-forwarded-for': address };
    return {
      open: (path: string) => server.api<string>('GET', path, { headers }),
      post: (path: string, fields: Record<string, string>) =>
        server.api<string>('POST', path, {
          body: new URLSearchParams(fields).toString(),
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        }),
    };
  }

  const documentOf = (response: ApiResponse<string>) => new JSDOM(response.text).window.document;
  const formPath = (flowId: string, environmentId: string = env) => `/f/${environmentId}/${flowId}`;

  async function buildForm(options: Array<[string, number]>) {
    const flowId = (await api<string>('POST', '/flows', { name: 'Intern', title: 'Doe je mee?' })).body;
    const choice = (await api<FormField>('POST', `/flows/${flowId}/fields`, { label: 'Kom je?', type: 0 }))
      .body;
    const text = (await api<FormField>('POST', `/flows/${flowId}/fields`, { label: 'Je naam', type: 1 }))
      .body;
    const created: FieldOption[] = [];
    for (const [label, maxAnswers] of options) {
      created.push(
        (
          await api<FieldOption>('POST', `/flows/${flowId}/fields/${choice.id}/options`, {
            label,
            maxAnswers,
          })
        ).body,
      );
    }
    return { flowId, choice, text, options: created };
  }

  it('is accessible Dutch HTML without script: fieldset and legend, labels, a full option unavailable', async () => {
    const response = await browser().open(formPath(formIds.playgroundEvening));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain('script');
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.text).not.toMatch(/<script/i);

    const page = documentOf(response);
    expect(page.documentElement.lang).toBe('nl');
    expect(page.querySelector('meta[name=viewport]')?.getAttribute('content')).toContain(
      'width=device-width',
    );
    expect(page.querySelector('h1')?.textContent).toBe('Inloopavond over de nieuwe speeltuin');
    expect(page.querySelectorAll('p.description')).toHaveLength(2);

    const form = page.querySelector('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe(formPath(formIds.playgroundEvening));
    const fieldset = page.querySelector('fieldset');
    expect(fieldset?.querySelector('legend')?.textContent).toBe('Welke avond kom je?');
    const radios = [...page.querySelectorAll<HTMLInputElement>('input[type=radio]')];
    expect(radios.map((radio) => radio.name)).toEqual(Array(3).fill(formIds.eveningQuestion));
    const labelOf = (input: Element) =>
      page.querySelector(`label[for="${input.id}"]`)?.textContent?.replace(/\s+/g, ' ').trim();
    expect(radios.map(labelOf)).toEqual([
      'Dinsdag 8 december (vol)',
      'Donderdag 10 december (nog 24 plaatsen)',
      'Ik kan niet, houd me op de hoogte',
    ]);
    expect(radios.map((radio) => radio.disabled)).toEqual([true, false, false]);
    // A name is answered on one line, with the browser's autofill for names.
    expect(page.querySelector('textarea')).toBeNull();
    const nameBox = page.querySelector<HTMLInputElement>(`#field-${formIds.nameQuestion}`);
    expect(nameBox?.tagName).toBe('INPUT');
    expect(nameBox?.type).toBe('text');
    expect(nameBox?.autocomplete).toBe('name');
    expect(nameBox?.name).toBe(formIds.nameQuestion);
    expect(nameBox && labelOf(nameBox)).toBe('Je naam');
    // The server's Dutch messages, not the browser's bubbles: the form does not validate itself.
    expect(page.querySelector('form')?.noValidate).toBe(true);
    expect(nameBox?.required).toBe(true);
    expect(page.querySelector('button[type=submit]')?.textContent).toBe('Versturen');
  });

  it('walks the form as a browser: errors with typed values kept, then sent, then a full option refused', async () => {
    const { flowId, choice, text, options } = await buildForm([
      ['Ja', 2],
      ['Nee', 0],
    ]);
    const [yes] = options;
    const person = browser();
    const first = documentOf(await person.open(formPath(flowId)));
    const action = first.querySelector('form')?.getAttribute('action') ?? '';

    // Nothing chosen: the page comes back with an error summary and the typed name.
    const refused = await person.post(action, { [text.id]: 'Anna <b>de Vries</b>' });
    expect(refused.status).toBe(400);
    const errorPage = documentOf(refused);
    expect(errorPage.title).toBe('Fout: Doe je mee? – Gemeente Zuiderveen');
    const summary = errorPage.querySelector('.error-summary');
    expect(summary?.getAttribute('role')).toBe('alert');
    const link = summary?.querySelector('a');
    expect(link?.textContent).toBe("Kies een antwoord bij 'Kom je?'.");
    expect(link?.getAttribute('href')).toBe(`#option-${yes.id}`);
    expect(errorPage.querySelector(`#field-${choice.id}`)?.getAttribute('aria-describedby')).toBe(
      `error-${choice.id}`,
    );
    expect(errorPage.querySelector(`#error-${choice.id}`)?.textContent).toContain(
      "Kies een antwoord bij 'Kom je?'.",
    );
    expect(errorPage.querySelector<HTMLInputElement>(`#field-${text.id}`)?.value).toBe(
      'Anna <b>de Vries</b>',
    );
    expect((await api<SubmissionPage>('GET', `/flows/${flowId}/submissions`)).body.total).toBe(0);

    // Two people choose 'Ja': each lands on the thank-you page (post, redirect, get).
    for (const name of ['Anna', 'Bas']) {
      const sent = await person.post(action, { [choice.id]: yes.id, [text.id]: name });
      expect(sent.status).toBe(303);
      expect(sent.headers.location).toBe(`${formPath(flowId)}/verzonden`);
      const thanks = await person.open(String(sent.headers.location));
      expect(thanks.status).toBe(200);
      expect(documentOf(thanks).querySelector('h1')?.textContent).toBe('Bedankt!');
    }

    // The third is refused: 'Deze keuze is vol.', the option now unavailable, the name kept.
    const full = await person.post(action, { [choice.id]: yes.id, [text.id]: 'Cor' });
    expect(full.status).toBe(409);
    const fullPage = documentOf(full);
    expect(fullPage.querySelector(`#error-${choice.id}`)?.textContent).toContain('Deze keuze is vol.');
    const yesRadio = fullPage.querySelector<HTMLInputElement>(`#option-${yes.id}`);
    expect(yesRadio?.disabled).toBe(true);
    expect(yesRadio?.checked).toBe(false);
    expect(fullPage.querySelector(`label[for="option-${yes.id}"]`)?.textContent).toContain('(vol)');
    expect(fullPage.querySelector<HTMLInputElement>(`#field-${text.id}`)?.value).toBe('Cor');
    expect((await api<SubmissionPage>('GET', `/flows/${flowId}/submissions`)).body.total).toBe(2);
  });

  it('escapes what staff and people typed', async () => {
    const flowId = (
      await api<string>('POST', '/flows', {
        name: 'x',
        title: '<script>alert(1)</script>',
        description: 'a & b',
      })
    ).body;
    const field = (await api<FormField>('POST', `/flows/${flowId}/fields`, { label: '<img src=x>', type: 1 }))
      .body;
    const page = await browser().open(formPath(flowId));
    expect(page.text).not.toContain('<script>');
    expect(page.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.text).toContain('&lt;img src=x&gt;');
    expect(page.text).toContain('a &amp; b');
    // Too long: the page comes back with the typed text, which must stay text.
    const typed = `</textarea><script>alert(2)</script>${'x'.repeat(2001)}`;
    const refused = await browser().post(formPath(flowId), { [field.id]: typed });
    expect(refused.status).toBe(400);
    expect(refused.text).not.toContain('<script>');
    expect(documentOf(refused).querySelector('textarea')?.value).toBe(typed);
  });

  it('answers a Dutch 404 page for a form that does not exist, is of another environment, or a bad address', async () => {
    const foreign = (
      await server.api<string>('POST', '/flows', {
        token,
        env: environmentIds.cultuurhuis,
        body: { name: 'Ander' },
      })
    ).body;
    const person = browser();
    for (const path of [
      formPath('0b7f4a1c-1111-4222-8333-944455566677'),
      formPath(foreign),
      formPath(foreign, environmentIds.cultuurhuis).replace(environmentIds.cultuurhuis, env),
      '/f/niet-een-id/ook-niet',
      '/f/iets',
    ]) {
      const response = await person.open(path);
      expect(response.status, path).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(documentOf(response).querySelector('h1')?.textContent).toBe('Formulier niet gevonden');
    }
    expect((await person.open(formPath(foreign, environmentIds.cultuurhuis))).status).toBe(200);
  });

  it('rate-limits submissions per client address with a Dutch 429 (a page for people, JSON for programs)', async () => {
    const flowId = (await api<string>('POST', '/flows', { name: 'Alleen tekst' })).body;
    const text = (await api<FormField>('POST', `/flows/${flowId}/fields`, { label: 'Je naam', type: 1 }))
      .body;
    const address = newClient();
    const person = browser(address);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 20; attempt += 1) {
      statuses.push((await person.post(formPath(flowId), { [text.id]: `Poging ${attempt}` })).status);
    }
    expect(statuses).toEqual(Array(20).fill(303));
    const limited = await person.post(formPath(flowId), { [text.id]: 'Nog een' });
    expect(limited.status).toBe(429);
    expect(documentOf(limited).body.textContent).toMatch(
      /Te veel verzoeken\. Probeer het over \d+ seconden opnieuw\./,
    );
    const program = await server.api<{ status: number; message: string }>('POST', formPath(flowId), {
      body: { answers: { [text.id]: 'JSON' } },
      headers: { 'x-forwarded-for': address },
    });
    expect(program.status).toBe(429);
    expect(program.body.message).toMatch(/^Te veel verzoeken\./);
    expect((await browser().post(formPath(flowId), { [text.id]: 'Ander adres' })).status).toBe(303);
  });

  it('refuses a body over the limit with 413 before reading it', async () => {
    const { flowId, text } = await buildForm([]);
    const response = await server.api<{ status: number }>('POST', formPath(flowId), {
      body: { answers: { [text.id]: 'x'.repeat(300 * 1024) } },
      headers: { 'x-forwarded-for': newClient() },
    });
    expect(response.status).toBe(413);
    expect((await api<SubmissionPage>('GET', `/flows/${flowId}/submissions`)).body.total).toBe(0);
  });

  it('refuses a submission without a body with 400 naming answers, and stores nothing', async () => {
    const { flowId } = await buildForm([['Ja', 0]]);
    const response = await server.api<{ field: string }>('POST', formPath(flowId), {
      headers: { 'x-forwarded-for': newClient() },
    });
    expect(response.status).toBe(400);
    expect(response.body.field).toBe('answers');
    expect((await api<SubmissionPage>('GET', `/flows/${flowId}/submissions`)).body.total).toBe(0);
  });
});
