import { fieldLabel } from '../../server/src/contract/fieldLabels';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicationBlock } from '../../server/src/contract/publications';
import { environmentIds, formIds, publicationIds } from '../../server/src/seed/ids';
import { httpsRequest } from './support/https';
import { startTestServer, type TestServer, type Tokens } from './support/testServer';

// One rule for every text at the contract edge, JSON content included: a control character (other than
// tab, newline and CR) or a lone UTF-16 surrogate answers 400 naming the field, and nothing is stored or
// silently changed (a NUL in block content answered 500; a lone surrogate in a name became U+FFFD).

const env = environmentIds.zuiderveen;
const newsletter = publicationIds.types.zuiderveenNewsletter;

interface SubmissionPage {
  total: number;
}

interface ErrorBody {
  status: number;
  message: string;
  field?: string;
}

describe('the text rule at the contract edge', () => {
  let server: TestServer;
  let token: Tokens;
  let block: PublicationBlock;

  beforeAll(async () => {
    server = await startTestServer();
    token = await server.signIn('anne@voorbeeld.nl');
    const created = await api<string>('POST', '/publications/', {
      name: 'Tekstregel',
      publicationTypeId: newsletter,
    });
    expect(created.status).toBe(201);
    const added = await api<PublicationBlock>(
      'POST',
      `/publications/${created.body}/type/${newsletter}/artikel/dynamic`,
    );
    expect(added.status).toBe(201);
    block = added.body;
  });
  afterAll(async () => {
    await server?.close();
  });

  const api = <T>(method: string, path: string, body?: unknown) =>
    server.api<T>(method, path, { token, env, body });

  const blockPath = () => `/publications/${block.publicationId}/blocks/${block.id}`;
  const saveContent = (content: Record<string, unknown>) =>
    api<PublicationBlock | ErrorBody>('PUT', blockPath(), { content, version: block.version });

  function expectRefused(response: { status: number; body: unknown }, field: string): void {
    expect(response.status).toBe(400);
    const body = response.body as ErrorBody;
    expect(body).toMatchObject({ status: 400, field });
    // The message names the field by its Dutch label (contract/fieldLabels.ts), never by its path.
    expect(body.message.startsWith(fieldLabel(field))).toBe(true);
    expect(body.message).not.toContain(`'${field}'`);
    expect(body.message).toMatch(/mag geen stuurtekens bevatten|bevat een ongeldig teken/);
  }

  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['a NUL in a title', { title: 'a\u0000b' }, 'content.title'],
    ['a lone high surrogate in a title', { title: '\ud800' }, 'content.title'],
    ['a lone low surrogate before text', { title: 'Titel', text: '<p>\udc00x</p>' }, 'content.text'],
    [
      'a lone surrogate in nested content',
      { title: 'Titel', link: { url: 'https://example.org/', text: 'Lees \ud83d' } },
      'content.link.text',
    ],
    ['an escape character in rich text', { title: 'Titel', text: '<p>\u001b[31m</p>' }, 'content.text'],
  ];

  it.each(cases)('refuses %s in block content with a 400 naming the field', async (_name, content, field) => {
    expectRefused(await saveContent(content), field);
    const stored = (await api<PublicationBlock>('GET', blockPath())).body;
    expect(stored.version).toBe(block.version);
    expect(stored.content).toEqual(block.content);
  });

  it('keeps tab and newline in rich text, and a real pair of surrogates (an emoji)', async () => {
    const saved = await saveContent({ title: 'Feest 🎉', text: '<p>regel\n\tingesprongen</p>' });
    expect(saved.status).toBe(200);
    const stored = saved.body as PublicationBlock;
    expect(stored.content.title).toBe('Feest 🎉');
    block = stored;
  });

  it('refuses a lone surrogate in a publication name instead of storing U+FFFD', async () => {
    const before = await api<{ total: number }>('GET', '/publications/');
    const response = await api<ErrorBody>('POST', '/publications/', {
      name: 'Nieuws \ud800',
      publicationTypeId: newsletter,
    });
    expectRefused(response, 'name');
    const after = await api<{ total: number }>('GET', '/publications/');
    expect(after.body).toEqual(before.body);
  });

  it('refuses a lone surrogate in a key of JSON content, naming where it stands', async () => {
    expectRefused(await saveContent({ title: 'Titel', ['x\ud800']: 'y' }), 'content');
  });

  it.each([
    ['a NUL', 'a\u0000b'],
    ['an escape character', '\u001b[2J'],
  ])('refuses %s in a public form answer (form-encoded), storing no submission', async (_name, answer) => {
    const submissions = () =>
      api<SubmissionPage>('GET', `/flows/${formIds.playgroundEvening}/submissions`).then(
        (response) => response.body.total,
      );
    const before = await submissions();
    const response = await server.api<string>('POST', `/f/${env}/${formIds.playgroundEvening}`, {
      body: new URLSearchParams({
        [formIds.nameQuestion]: answer,
        [formIds.eveningQuestion]: formIds.laterOption,
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    // A person posted the form: the answer is a Dutch page that names the reason.
    expect(response.status).toBe(400);
    expect(response.text).toContain('mag geen stuurtekens bevatten');
    expect(await submissions()).toBe(before);
  });

  it('refuses bytes that are not UTF-8 instead of reading them as U+FFFD', async () => {
    const body = Buffer.concat([
      Buffer.from('{"name":"Nieuws '),
      Buffer.from([0xed, 0xa0, 0x80]), // a surrogate encoded as UTF-8: not UTF-8
      Buffer.from(`","publicationTypeId":"${newsletter}"}`),
    ]);
    const response = await httpsRequest({
      method: 'POST',
      url: `${server.url}/api/1/${env}/publications/`,
      headers: {
        authorization: `Bearer ${token.accessToken}`,
        'x-environment-id': env,
        'content-type': 'application/json',
      },
      body,
      ca: server.certificatePem,
    });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text)).toMatchObject({ status: 400, field: 'body' });
  });
});
