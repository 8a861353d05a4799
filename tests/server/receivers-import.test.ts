import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ImportPreview, ImportRefusal, ListImport } from '../../server/src/contract/listImports';
import type { ReceiverList, Subscriber, SubscriberPage } from '../../server/src/contract/receivers';
import { demoUsers, environmentIds, receiverIds } from '../../server/src/seed/ids';
import { importMultipart, storedImportFiles, utf8, windows1252 } from './support/importRequests';
import { authHeaders, rawRequest } from './support/mediaRequests';
import { startTestServer, type ApiOptions, type TestServer, type Tokens } from './support/testServer';

const env = environmentIds.zuiderveen;
const otherEnv = environmentIds.cultuurhuis;

describe('receivers: list export and import', () => {
  let server: TestServer;
  let anne: Tokens;
  const call = <T>(method: string, path: string, options: ApiOptions = {}) =>
    server.api<T>(method, path, { token: anne, env, ...options });

  beforeAll(async () => {
    // Two rows per batch: small files already take several batches, large ones run long enough to
    // be cancelled or interrupted by a restart.
    server = await startTestServer({ IMPORT_BATCH_ROWS: '2' });
    anne = await server.signIn(demoUsers.anne.username);
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('export', () => {
    it('streams every subscriber with every field and the labelled attributes under their labels', async () => {
      const list = await call<ReceiverList>('GET', `/list/manual/${receiverIds.lists.residents}`);
      const response = await call<string>('GET', `/list/manual/${receiverIds.lists.residents}/export`);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toContain('ontvangers.csv');
      expect(response.text.startsWith('\uFEFF')).toBe(true);
      const rows = parse(response.text.slice(1), { delimiter: ';' }) as string[][];
      expect(rows[0]).toEqual([
        'Naam',
        'E-mailadres',
        'Voorletters',
        'Voornaam',
        'Tussenvoegsel',
        'Achternaam',
        'Telefoon',
        'Adres',
        'Postcode',
        'Woonplaats',
        'Land',
        'Organisatie',
        'Wijk',
        'Interesse',
        'Lid sinds',
        'Toestemming',
      ]);
      // 240 seeded subscribers: more than one read batch would hold if it were small, all present once.
      expect(rows).toHaveLength(list.body.subscriberCount + 1);
      expect(new Set(rows.slice(1).map((row) => row[1].toLowerCase())).size).toBe(list.body.subscriberCount);
      expect(rows.slice(1).some((row) => row[12] !== '')).toBe(true);
    });

    it("answers 404 for another environment's list, also with that environment's header refused", async () => {
      const fromOther = await call('GET', `/list/manual/${receiverIds.lists.friends}/export`);
      expect(fromOther.status).toBe(404);
      const wrongHeader = await call('GET', `/list/manual/${receiverIds.lists.residents}/export`, {
        env: otherEnv,
      });
      expect(wrongHeader.status).toBe(404);
    });
  });

  const multipart = importMultipart;

  async function post<T>(
    path: string,
    fields: Record<string, string>,
    file?: { name: string; content: Buffer },
    environment: string = env,
  ) {
    const { body, contentType } = multipart(fields, file);
    const response = await rawRequest({
      method: 'POST',
      origin: server.url,
      path: `/api/1/${environment}${path}`,
      headers: { ...authHeaders(anne.accessToken, environment), 'content-type': contentType },
      body,
      ca: server.certificatePem,
    });
    const text = response.body.toString('utf8');
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  const startImport = (
    listId: string,
    content: Buffer,
    {
      mode = 'addAndUpdate',
      mapping = { 0: 'name', 1: 'email' } as Record<string, string>,
      consent = 'true',
    } = {},
  ) =>
    post<ListImport & { message?: string; field?: string }>(
      `/list/manual/${listId}/imports`,
      { mode, mapping: JSON.stringify(mapping), consent },
      { name: 'ontvangers.csv', content },
    );

  /** Asks the status until the import is no longer running (bounded: no test waits forever). */
  async function finished(listId: string, importId: string): Promise<ListImport> {
    for (let attempt = 0; attempt < 5000; attempt += 1) {
      const status = await call<ListImport>('GET', `/list/manual/${listId}/imports/${importId}`);
      expect(status.status).toBe(200);
      if (status.body.status !== 'Bezig') return status.body;
    }
    throw new Error('the import did not finish');
  }

  async function newList(labels: Record<string, string> = {}): Promise<string> {
    const created = await call<ReceiverList>('POST', '/list/manual', {
      query: { title: `Import ${randomBytes(4).toString('hex')}` },
    });
    if (Object.keys(labels).length)
      await call('PUT', `/list/manual/${created.body.id}/attributes`, { body: labels });
    return created.body.id;
  }

  async function subscribersOf(listId: string): Promise<Subscriber[]> {
    const page = await call<SubscriberPage>('GET', `/list/manual/${listId}/subscribers`, {
      query: { sort: 'email' },
    });
    return page.body.data;
  }

  const listOf = async (listId: string) => (await call<ReceiverList>('GET', `/list/manual/${listId}`)).body;

  const importFilesLeft = async () => (await storedImportFiles(server.config.dataDir)).length;

  describe('import size limit', () => {
    let small: TestServer;
    beforeAll(async () => {
      small = await startTestServer({ IMPORT_LIMIT_BYTES: '1000' });
    });
    afterAll(async () => {
      await small?.close();
    });

    it('answers 413 for a file over IMPORT_LIMIT_BYTES and keeps nothing', async () => {
      const token = await small.signIn(demoUsers.anne.username);
      // A list without imports (the residents' list has the demo's finished one), so "nothing kept" reads [].
      const listId = receiverIds.lists.entrepreneurs;
      const content = Buffer.from('naam;email\n' + 'Anna;anna@voorbeeld.nl\n'.repeat(100));
      const { body, contentType } = multipart(
        { mode: 'add', mapping: '{"0":"name","1":"email"}', consent: 'true' },
        { name: 'groot.csv', content },
      );
      const response = await rawRequest({
        method: 'POST',
        origin: small.url,
        path: `/api/1/${env}/list/manual/${listId}/imports`,
        headers: { ...authHeaders(token.accessToken, env), 'content-type': contentType },
        body,
        ca: small.certificatePem,
      });
      expect(response.status).toBe(413);
      expect(JSON.parse(response.body.toString('utf8')).message).toContain('groter dan');
      const imports = await small.api<ListImport[]>('GET', `/list/manual/${listId}/imports`, { token, env });
      expect(imports.body).toEqual([]);
      expect(await storedImportFiles(small.config.dataDir)).toEqual([]);
    });
  });

  describe('import', () => {
    it('previews a Windows-1252 file with semicolons: encoding, delimiter, header, rows and a suggested mapping', async () => {
      const listId = await newList({ AttributeLabel1: 'Wijk' });
      const file = windows1252(
        'Naam;E-mailadres;Woonplaats;Wijk;Opmerking\r\nRené Brouwer;rene@voorbeeld.nl;Zuiderveen;Centrum;x\r\n',
      );
      const preview = await post<ImportPreview>(
        `/list/manual/${listId}/imports/preview`,
        {},
        { name: 'a.csv', content: file },
      );
      expect(preview.status).toBe(200);
      expect(preview.body).toEqual({
        encoding: 'windows-1252',
        delimiter: ';',
        header: ['Naam', 'E-mailadres', 'Woonplaats', 'Wijk', 'Opmerking'],
        rows: [['René Brouwer', 'rene@voorbeeld.nl', 'Zuiderveen', 'Centrum', 'x']],
        suggestedMapping: { 0: 'name', 1: 'email', 2: 'city', 3: 'attribute1' },
        optedOut: null,
      });
      expect(await importFilesLeft()).toBe(0);
    });

    it('previews UTF-8 with a BOM and commas, and tabs', async () => {
      const listId = await newList();
      const comma = await post<ImportPreview>(
        `/list/manual/${listId}/imports/preview`,
        {},
        {
          name: 'b.csv',
          content: utf8('\uFEFFemail,Voornaam,Achternaam,Postcode\nzoë@voorbeeld.nl,Zoë,Jansen,1234 AB\n'),
        },
      );
      expect(comma.body).toMatchObject({
        encoding: 'utf-8',
        delimiter: ',',
        header: ['email', 'Voornaam', 'Achternaam', 'Postcode'],
        rows: [['zoë@voorbeeld.nl', 'Zoë', 'Jansen', '1234 AB']],
        suggestedMapping: { 0: 'email', 1: 'firstName', 2: 'lastName', 3: 'postalCode' },
      });
      const tab = await post<ImportPreview>(
        `/list/manual/${listId}/imports/preview`,
        {},
        {
          name: 'c.csv',
          content: utf8('Name\tEmail\tPhone\nA\ta@voorbeeld.nl\t0612345678\n'),
        },
      );
      expect(tab.body).toMatchObject({
        delimiter: '\t',
        suggestedMapping: { 0: 'name', 1: 'email', 2: 'phoneNumber' },
      });
    });

    it('imports a Windows-1252 file mapped to a label: duplicates, unsubscribed and refused rows counted, refused rows as CSV', async () => {
      const listId = await newList({ AttributeLabel2: 'Wijk' });
      expect(
        (await call('POST', '/unsubscribers', { query: { email: 'Afgemeld@Voorbeeld.nl' } })).status,
      ).toBe(201);
      const file = windows1252(
        'Naam;E-mailadres;Wijk;Notitie\r\n' +
          'René Brouwer;rene@voorbeeld.nl;Centrum;"twee\r\nregels"\r\n' +
          'Anna de Vries;anna@voorbeeld.nl;Noord;\r\n' +
          'Anna nogmaals;ANNA@voorbeeld.nl;Zuid;\r\n' +
          'Afgemelde;afgemeld@voorbeeld.nl;Oost;\r\n' +
          'Kapot;geen-adres;West;\r\n' +
          'Zonder Adres;;West;\r\n' +
          ';leeg@voorbeeld.nl;Oost;\r\n' +
          'Piet Jansen;piet@voorbeeld.nl;;\r\n',
      );
      const started = await startImport(listId, file, {
        mapping: { 0: 'name', 1: 'email', 2: 'attribute2', 3: 'skip' },
      });
      expect(started.status).toBe(202);
      expect(started.body).toMatchObject({ status: 'Bezig', encoding: 'windows-1252', delimiter: ';' });
      const done = await finished(listId, started.body.id);
      expect(done).toMatchObject({
        status: 'Voltooid',
        rowsDone: 8,
        rowsEstimated: 8,
        added: 4,
        updated: 0,
        skippedDuplicate: 1,
        skippedUnsubscribed: 1,
        refused: 2,
        error: null,
      });
      const stored = await subscribersOf(listId);
      expect(stored.map((s) => [s.name, s.email, s.attribute2])).toEqual([
        ['Anna de Vries', 'anna@voorbeeld.nl', 'Noord'],
        // A row without a name is named after its address (no name parts are mapped).
        ['leeg', 'leeg@voorbeeld.nl', 'Oost'],
        ['Piet Jansen', 'piet@voorbeeld.nl', null],
        ['René Brouwer', 'rene@voorbeeld.nl', 'Centrum'],
      ]);
      expect((await listOf(listId)).subscriberCount).toBe(4);

      const refused = await call<string>(
        'GET',
        `/list/manual/${listId}/imports/${started.body.id}/refused.csv`,
      );
      expect(refused.status).toBe(200);
      expect(refused.headers['content-type']).toBe('text/csv; charset=utf-8');
      // The file's own header plus 'Reden': fixed, the file imports again as it is.
      expect(parse(refused.text.slice(1), { delimiter: ';', relax_column_count: true })).toEqual([
        ['Naam', 'E-mailadres', 'Wijk', 'Notitie', 'Reden'],
        ['Kapot', 'geen-adres', 'West', '', 'ongeldig e-mailadres'],
        ['Zonder Adres', '', 'West', '', 'e-mailadres ontbreekt'],
      ]);
      const shown = await call<ImportRefusal[]>(
        'GET',
        `/list/manual/${listId}/imports/${started.body.id}/refusals`,
      );
      expect(shown.body).toEqual([
        { rowNumber: 6, reason: 'ongeldig e-mailadres', values: ['Kapot', 'geen-adres', 'West', ''] },
        { rowNumber: 7, reason: 'e-mailadres ontbreekt', values: ['Zonder Adres', '', 'West', ''] },
      ]);
      const latest = await call<ListImport[]>('GET', `/list/manual/${listId}/imports`);
      expect(latest.body.map((item) => item.id)).toEqual([started.body.id]);
    });

    it('adds only new addresses, updates only existing ones, or both, matched ignoring case', async () => {
      const listId = await newList();
      const first = await startImport(
        listId,
        utf8('naam,email,plaats\nAnna,anna@voorbeeld.nl,Noord\nBram,bram@voorbeeld.nl,Zuid\n'),
        {
          mode: 'add',
          mapping: { 0: 'name', 1: 'email', 2: 'city' },
        },
      );
      expect(await finished(listId, first.body.id)).toMatchObject({ added: 2, updated: 0 });

      const add = await startImport(
        listId,
        utf8('naam,email\nAnna Nieuw,ANNA@voorbeeld.nl\nCees,cees@voorbeeld.nl\n'),
        { mode: 'add' },
      );
      expect(await finished(listId, add.body.id)).toMatchObject({
        added: 1,
        updated: 0,
        skippedDuplicate: 1,
      });

      const update = await startImport(
        listId,
        utf8('naam,email\nAnna Bijgewerkt,Anna@Voorbeeld.nl\nDirk,dirk@voorbeeld.nl\n'),
        { mode: 'update' },
      );
      expect(await finished(listId, update.body.id)).toMatchObject({
        added: 0,
        updated: 1,
        skippedMissing: 1,
      });

      const both = await startImport(
        listId,
        utf8('naam,email\nBram Bijgewerkt,bram@voorbeeld.nl\nDirk,dirk@voorbeeld.nl\n'),
        { mode: 'addAndUpdate' },
      );
      expect(await finished(listId, both.body.id)).toMatchObject({ added: 1, updated: 1 });

      const stored = await subscribersOf(listId);
      expect(stored.map((s) => [s.name, s.email, s.city])).toEqual([
        ['Anna Bijgewerkt', 'anna@voorbeeld.nl', 'Noord'],
        ['Bram Bijgewerkt', 'bram@voorbeeld.nl', 'Zuid'],
        ['Cees', 'cees@voorbeeld.nl', null],
        ['Dirk', 'dirk@voorbeeld.nl', null],
      ]);
      expect((await listOf(listId)).subscriberCount).toBe(4);
    });

    it('leaves globally unsubscribed addresses out in every mode, counting them', async () => {
      const listId = await newList();
      const first = await startImport(
        listId,
        utf8('naam,email\nEva,eva.uit@voorbeeld.nl\nFrits,frits@voorbeeld.nl\n'),
        { mode: 'add' },
      );
      expect(await finished(listId, first.body.id)).toMatchObject({ added: 2 });
      for (const email of ['Eva.Uit@voorbeeld.nl', 'gijs.uit@voorbeeld.nl'])
        expect((await call('POST', '/unsubscribers', { query: { email } })).status).toBe(201);

      const update = await startImport(
        listId,
        utf8('naam,email\nEva Nieuw,EVA.UIT@voorbeeld.nl\nFrits Nieuw,frits@voorbeeld.nl\n'),
        { mode: 'update' },
      );
      expect(await finished(listId, update.body.id)).toMatchObject({
        updated: 1,
        skippedUnsubscribed: 1,
        skippedMissing: 0,
      });
      const both = await startImport(
        listId,
        utf8(
          'naam,email\nGijs,gijs.uit@voorbeeld.nl\nEva Weer,eva.uit@voorbeeld.nl\nHenk,henk@voorbeeld.nl\n',
        ),
        { mode: 'addAndUpdate' },
      );
      expect(await finished(listId, both.body.id)).toMatchObject({
        added: 1,
        updated: 0,
        skippedUnsubscribed: 2,
      });
      const stored = await subscribersOf(listId);
      expect(stored.map((s) => [s.name, s.email])).toEqual([
        ['Eva', 'eva.uit@voorbeeld.nl'],
        ['Frits Nieuw', 'frits@voorbeeld.nl'],
        ['Henk', 'henk@voorbeeld.nl'],
      ]);
    });

    it('refuses without consent, with a bad mapping, an empty or a binary file: 400 naming the field, nothing kept', async () => {
      const listId = await newList();
      const file = utf8('naam;email\nAnna;anna@voorbeeld.nl\n');
      const noConsent = await startImport(listId, file, { consent: 'false' });
      expect(noConsent.status).toBe(400);
      expect(noConsent.body).toMatchObject({ field: 'consent' });
      expect(noConsent.body.message).toContain('toestemming');
      const noEmail = await startImport(listId, file, { mapping: { 0: 'name' } });
      expect(noEmail.body).toMatchObject({ status: 400, field: 'mapping' });
      const headerOnly = await startImport(listId, utf8('naam;email\r\n'));
      expect(headerOnly.body).toMatchObject({
        status: 400,
        field: 'file',
        message: 'Het bestand heeft alleen een kopregel: er staan geen ontvangers in.',
      });
      const unlabelled = await startImport(listId, file, {
        mapping: { 0: 'name', 1: 'email', 2: 'attribute3' },
      });
      expect(unlabelled.body).toMatchObject({ status: 400, field: 'mapping' });
      const badMode = await startImport(listId, file, { mode: 'replace' });
      expect(badMode.body).toMatchObject({ status: 400, field: 'mode' });
      const empty = await startImport(listId, Buffer.alloc(0));
      expect(empty.body).toMatchObject({ status: 400, field: 'file', message: 'Het bestand is leeg.' });
      const binary = await startImport(listId, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08, 0x00]));
      expect(binary.body).toMatchObject({ status: 400, field: 'file' });
      expect(binary.body.message).toContain('geen CSV-bestand');
      const noFile = await post(`/list/manual/${listId}/imports`, {
        mode: 'add',
        mapping: '{"0":"name","1":"email"}',
        consent: 'true',
      });
      expect(noFile.body).toMatchObject({ status: 400, field: 'file' });

      expect((await call<ListImport[]>('GET', `/list/manual/${listId}/imports`)).body).toEqual([]);
      expect(await importFilesLeft()).toBe(0);
      expect((await listOf(listId)).subscriberCount).toBe(0);
    });

    it("answers 404 for another environment's list and import", async () => {
      const listId = await newList();
      const started = await startImport(listId, utf8('naam,email\nAnna,anna@voorbeeld.nl\n'));
      await finished(listId, started.body.id);
      const foreignList = await startImport(
        receiverIds.lists.friends,
        utf8('naam,email\nAnna,anna@voorbeeld.nl\n'),
      );
      expect(foreignList.status).toBe(404);
      const other = await post(
        `/list/manual/${listId}/imports`,
        {},
        { name: 'x.csv', content: utf8('a') },
        otherEnv,
      );
      expect(other.status).toBe(404);
      for (const suffix of ['', '/refused.csv', '/refusals']) {
        const read = await call('GET', `/list/manual/${listId}/imports/${started.body.id}${suffix}`, {
          env: otherEnv,
        });
        expect(read.status).toBe(404);
      }
      expect(
        (await call('POST', `/list/manual/${listId}/imports/${started.body.id}/cancel`, { env: otherEnv }))
          .status,
      ).toBe(404);
    });

    /** A file of `count` unique addresses (long enough to take many batches of two rows). */
    const largeFile = (count: number, prefix: string) =>
      utf8(
        'naam;email\n' +
          Array.from({ length: count }, (_, index) => `Persoon ${index};${prefix}${index}@voorbeeld.nl`).join(
            '\n',
          ) +
          '\n',
      );

    it('runs one import per list at a time (409), and cancel stops it between batches', async () => {
      const listId = await newList();
      const started = await startImport(listId, largeFile(4000, 'groot'));
      expect(started.status).toBe(202);
      const second = await startImport(listId, utf8('naam,email\nAnna,anna@voorbeeld.nl\n'));
      expect(second.status).toBe(409);
      expect(second.body.message).toBe(
        'Er loopt al een import voor deze lijst. Wacht tot die klaar is of annuleer hem.',
      );
      const cancel = await call<ListImport>(
        'POST',
        `/list/manual/${listId}/imports/${started.body.id}/cancel`,
      );
      expect(cancel.status).toBe(200);
      const done = await finished(listId, started.body.id);
      expect(done.status).toBe('Geannuleerd');
      expect(done.rowsDone).toBeLessThan(4000);
      expect(done.rowsDone % 2).toBe(0);
      expect((await listOf(listId)).subscriberCount).toBe(done.added);
      expect(done.added).toBe(done.rowsDone);
      const next = await startImport(listId, utf8('naam,email\nAnna,anna@voorbeeld.nl\n'));
      expect(next.status).toBe(202);
      await finished(listId, next.body.id);
    });

    it('resumes an import the server stopped during from its last committed batch: every row once, its file in the store meanwhile', async () => {
      const listId = await newList();
      const started = await startImport(listId, largeFile(1000, 'herstart'));
      expect(started.status).toBe(202);
      // Restart once some batches are committed (bounded wait: the status is asked, never slept on).
      let before = started.body;
      for (let attempt = 0; attempt < 5000 && before.rowsDone === 0; attempt += 1)
        before = (await call<ListImport>('GET', `/list/manual/${listId}/imports/${started.body.id}`)).body;
      expect(before.rowsDone).toBeGreaterThan(0);
      expect(before.status).toBe('Bezig');
      // The file waits in the media store under the import's key, not in a folder of the instance.
      expect(await storedImportFiles(server.config.dataDir)).toEqual([`imports/${env}/${started.body.id}`]);
      await server.restart();
      const done = await finished(listId, started.body.id);
      expect(done).toMatchObject({ status: 'Voltooid', rowsDone: 1000, added: 1000, error: null });
      expect((await listOf(listId)).subscriberCount).toBe(1000);
      const exported = await call<string>('GET', `/list/manual/${listId}/export`);
      const emails = (parse(exported.text.slice(1), { delimiter: ';' }) as string[][])
        .slice(1)
        .map((row) => row[1]);
      expect(emails).toHaveLength(1000);
      expect(new Set(emails).size).toBe(1000);
      // The file goes once the import is recorded as finished (runner.end), so a moment after 'Voltooid'.
      await vi.waitFor(async () => expect(await importFilesLeft()).toBe(0), { timeout: 10_000, interval: 50 });
    }, 240_000);
  });
});
