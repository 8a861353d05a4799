import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadTicket } from '../../server/src/contract/downloads';
import type { ListImport } from '../../server/src/contract/listImports';
import type { CaughtMessage, CaughtMessagePage } from '../../server/src/contract/mail';
import type { Person, PersonMatchPage } from '../../server/src/contract/privacy';
import type { Subscriber, UnsubscriberPage } from '../../server/src/contract/receivers';
import { erasedAddressReason, unsubscribedAddressReason } from '../../server/src/privacy/suppression';
import { demoUsers, environmentIds, receiverIds } from '../../server/src/seed/ids';
import { importClient, utf8 } from './support/importRequests';
import { httpsRequest } from './support/https';
import { startTestServer, type TestServer, type Tokens } from './support/testServer';

// The person's page, its exports and erasure through the API, and what erasure means afterwards: the
// address is refused by a manual add and by an import, with a Dutch reason; another environment neither
// shows nor erases it. A resident's own 'Mijn gegevens' link: opening it (GET, HEAD) changes nothing and
// mails nothing; its buttons mail one link each; the mailed links download and erase.

const a = environmentIds.zuiderveen;
const b = environmentIds.cultuurhuis;
const newAddress = (name: string) => `${name}.${randomBytes(4).toString('hex')}@privacy-api.example.nl`;

describe('privacy through the API', () => {
  let server: TestServer;
  let anne: Tokens;
  let bram: Tokens;

  beforeAll(async () => {
    server = await startTestServer();
    [anne, bram] = await Promise.all([
      server.signIn(demoUsers.anne.username),
      server.signIn(demoUsers.bram.username),
    ]);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  const addSubscriber = (email: string, listId: string = receiverIds.lists.residents, env: string = a) =>
    server.api<Subscriber & { message?: string; field?: string }>(
      'POST',
      `/list/manual/${listId}/subscriber`,
      {
        token: anne,
        env,
        body: { name: 'Pim Privé', email },
      },
    );
  const person = (email: string, env: string = a, token = anne) =>
    server.api<Person & { message?: string }>('GET', '/person', { token, env, query: { email } });
  const erase = (email: string, confirmation: string, env: string = a, token = anne) =>
    server.api<{ message?: string; field?: string }>('POST', '/person/erase', {
      token,
      env,
      body: { email, confirmation },
    });
  const caught = async (to: string) =>
    (
      await server.api<CaughtMessagePage>('GET', '/mail-catcher/messages', {
        token: anne,
        env: a,
        query: { search: to },
      })
    ).body.data;
  const download = async (path: string) => {
    const ticket = await server.api<DownloadTicket>('POST', '/download-ticket', {
      token: anne,
      env: a,
      body: { path },
    });
    expect(ticket.status).toBe(200);
    return httpsRequest({ method: 'GET', url: `${server.url}${ticket.body.url}`, ca: server.certificatePem });
  };

  it('finds a person by part of the address and shows their list membership with the audiences it gives', async () => {
    const email = newAddress('zoek');
    expect((await addSubscriber(email.toUpperCase())).status).toBe(201);
    const found = await server.api<PersonMatchPage>('GET', '/persons', {
      token: anne,
      env: a,
      query: { search: email.slice(0, 10).toUpperCase() },
    });
    expect(found.body.data).toContainEqual({ id: email, email });
    expect((await server.api<PersonMatchPage>('GET', '/persons', { token: anne, env: a })).body).toEqual({
      data: [],
      total: 0,
    });
    const page = await person(email);
    expect(page.status).toBe(200);
    const lists = page.body.parts.find((part) => part.key === 'lists');
    expect(lists?.rows[0]).toMatchObject({ list: 'Nieuwsbrief bewoners', name: 'Pim Privé' });
    expect(String(lists?.rows[0].audiences)).toContain('Inwoners en ondernemers');
    expect((await person(newAddress('niemand'))).status).toBe(404);
  });

  it('exports as JSON and as a readable Dutch page through download tickets', async () => {
    const email = newAddress('export');
    const added = await server.api('POST', `/list/manual/${receiverIds.lists.residents}/subscriber`, {
      token: anne,
      env: a,
      body: { name: 'Pim Privé', firstName: 'Pim', email, attribute1: 'Centrum' },
    });
    expect(added.status, added.text).toBe(201);
    const json = await download(`/api/1/${a}/person/export.json?email=${encodeURIComponent(email)}`);
    expect(json.status).toBe(200);
    expect(String(json.headers['content-disposition'])).toContain('attachment');
    const exported = JSON.parse(json.text) as Person;
    expect(exported.email).toBe(email);
    expect(exported.parts.find((part) => part.key === 'lists')?.rows).toHaveLength(1);
    const page = await download(`/api/1/${a}/person/export.html?email=${encodeURIComponent(email)}`);
    expect(page.status).toBe(200);
    const text = page.text;
    expect(text).toContain('<html lang="nl">');
    expect(text).toContain(`Gegevens van ${email}`);
    expect(text).toContain('Nieuwsbrief bewoners');
    // Readable for the person: every column named in Dutch, the list's own fields by the list's names.
    const headers = [...text.matchAll(/<th scope="col">([^<]*)<\/th>/g)].map((match) => match[1]);
    expect(headers).toEqual(expect.arrayContaining(['Voornaam', 'E-mailadres', 'Velden van de lijst']));
    expect(headers.filter((header) => /^[a-z]+[A-Z]|^attribute|^email$/.test(header))).toEqual([]);
    expect(text).toContain('Wijk: Centrum');
    expect(text).not.toContain('attribute1');
  });

  it('erases only after the address is typed again; then manual adds and imports refuse it with a Dutch reason', async () => {
    const email = newAddress('wis');
    await addSubscriber(email);
    const mistyped = await erase(email, 'iemand@anders.nl');
    expect(mistyped.status).toBe(400);
    expect(mistyped.body.field).toBe('confirmation');
    expect((await person(email)).status).toBe(200);

    expect((await erase(email, ` ${email.toUpperCase()} `)).status).toBe(204);
    expect((await person(email)).status).toBe(404);

    const again = await addSubscriber(email.toUpperCase(), receiverIds.lists.entrepreneurs);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ field: 'email', message: erasedAddressReason });

    const client = importClient(server, anne, a);
    const listId = await client.newList();
    const other = newAddress('nieuw');
    const started = await client.startImport(listId, utf8(`naam,email\nPim,${email}\nNieuw,${other}\n`), {
      mapping: { 0: 'name', 1: 'email' },
    });
    expect(started.status).toBe(202);
    const done: ListImport = await client.finished(listId, started.body.id);
    expect(done).toMatchObject({ status: 'Voltooid', added: 1, refused: 1 });
    expect((await client.subscribersOf(listId)).map((row) => row.email)).toEqual([other]);
    const refusals = await server.api<Array<{ rowNumber: number; reason: string }>>(
      'GET',
      `/list/manual/${listId}/imports/${started.body.id}/refusals`,
      { token: anne, env: a },
    );
    expect(refusals.body).toEqual([expect.objectContaining({ rowNumber: 2, reason: erasedAddressReason })]);

    // The entry the erasure left is marked so, and staff cannot remove it: only the person ends it.
    const entries = async () =>
      (await server.api<UnsubscriberPage>('GET', '/unsubscribers', { token: anne, env: a })).body.data;
    const left = (await entries()).filter((entry) => entry.erased);
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((entry) => entry.email.endsWith('@gewist.invalid'))).toBe(true);
    const removal = await server.api<{ message: string }>('DELETE', `/unsubscribers/${left[0].id}`, {
      token: anne,
      env: a,
      body: { reason: 'Verzoek van de persoon' },
    });
    expect(removal.status).toBe(409);
    expect(removal.body.message).toContain('Alleen de persoon zelf kan zich opnieuw aanmelden');
    expect((await entries()).map((entry) => entry.id)).toContain(left[0].id);
  });

  it('refuses a manual add of a globally unsubscribed address, naming the field', async () => {
    const email = newAddress('afgemeld');
    expect(
      (await server.api('POST', '/unsubscribers', { token: anne, env: a, query: { email } })).status,
    ).toBe(201);
    const entries = await server.api<UnsubscriberPage>('GET', '/unsubscribers', {
      token: anne,
      env: a,
      query: { search: email },
    });
    expect(entries.body.data).toEqual([expect.objectContaining({ email, erased: false })]);
    const refused = await addSubscriber(email);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ field: 'email', message: unsubscribedAddressReason });
  });

  it("keeps environments apart: B neither shows nor erases A's person, and B's same address stays", async () => {
    const email = newAddress('apart');
    await addSubscriber(email);
    await addSubscriber(email, receiverIds.lists.friends, b);
    // Bram is no member of B at all.
    expect((await person(email, b, bram)).status).toBe(403);
    expect((await erase(email, email, b, bram)).status).toBe(403);
    const onlyA = newAddress('alleen-a');
    await addSubscriber(onlyA);
    expect((await person(onlyA, b)).status).toBe(404);
    expect((await erase(onlyA, onlyA, b)).status).toBe(404);
    expect((await person(onlyA)).status).toBe(200);

    expect((await erase(email, email)).status).toBe(204);
    const inB = await person(email, b);
    expect(inB.status).toBe(200);
    expect(inB.body.parts.find((part) => part.key === 'lists')?.rows).toHaveLength(1);
  });

  it("a resident's own page: GET and HEAD change nothing; each button mails one link; the links download and erase", async () => {
    const email = newAddress('zelf');
    await addSubscriber(email);
    const link = (await person(email)).body.personalDataUrl;
    expect(link).toMatch(new RegExp(`^${server.url}/g/${a}/`));
    const path = link.slice(server.url.length);
    const open = (method: string, at: string) =>
      httpsRequest({
        method,
        url: `${server.url}${at}`,
        ca: server.certificatePem,
        headers: method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
        body: method === 'POST' ? '' : undefined,
      });

    for (const method of ['GET', 'HEAD', 'GET']) expect((await open(method, path)).status).toBe(200);
    const page = (await open('GET', path)).text;
    expect(page).toContain('Mijn gegevens downloaden');
    expect(page).toContain(`action="${path}/wissen"`);
    expect(await caught(email)).toEqual([]);
    // A forged token and a changed environment are refused.
    const forged = await open('GET', `${path.slice(0, -3)}abc`);
    expect(forged.status).toBe(400);
    expect(forged.text).toContain('De link naar je gegevens is onvolledig of gewijzigd.');
    expect((await open('GET', path.replace(a, b))).status).toBe(400);

    expect((await open('POST', `${path}/downloaden`)).status).toBe(200);
    const mails = await caught(email);
    expect(mails).toHaveLength(1);
    const mail = await server.api<CaughtMessage>('GET', `/mail-catcher/messages/${mails[0].id}`, {
      token: anne,
      env: a,
    });
    const downloadLink = /https:\/\/\S+\/downloaden\/\S+/.exec(mail.body.text ?? '')?.[0] ?? '';
    expect(downloadLink).not.toBe('');
    const downloadPath = downloadLink.slice(server.url.length);
    for (const method of ['GET', 'HEAD']) expect((await open(method, downloadPath)).status).toBe(200);
    const file = await open('POST', downloadPath);
    expect(file.status).toBe(200);
    expect((JSON.parse(file.text) as Person).parts.find((part) => part.key === 'lists')?.rows).toHaveLength(
      1,
    );
    // The download ticket is no erasure ticket.
    expect((await open('POST', downloadPath.replace('/downloaden/', '/wissen/'))).status).toBe(410);

    expect((await open('POST', `${path}/wissen`)).status).toBe(200);
    const eraseMail = (await caught(email)).find((message) => message.subject.includes('wissen'));
    const erasing = await server.api<CaughtMessage>('GET', `/mail-catcher/messages/${eraseMail?.id}`, {
      token: anne,
      env: a,
    });
    const eraseLink = /https:\/\/\S+\/wissen\/\S+/.exec(erasing.body.text ?? '')?.[0] ?? '';
    const erasePath = eraseLink.slice(server.url.length);
    for (const method of ['GET', 'HEAD', 'GET']) expect((await open(method, erasePath)).status).toBe(200);
    expect((await person(email)).status).toBe(200);
    const erased = await open('POST', erasePath);
    expect(erased.status).toBe(200);
    expect(erased.text).toContain('Je gegevens zijn gewist');
    expect((await person(email)).status).toBe(404);
  });

  it('mails at most three links an hour per address', async () => {
    const email = newAddress('vaak');
    await addSubscriber(email);
    const path = (await person(email)).body.personalDataUrl.slice(server.url.length);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const answer = await httpsRequest({
        method: 'POST',
        url: `${server.url}${path}/downloaden`,
        ca: server.certificatePem,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await caught(email)).toHaveLength(3);
  });
});
