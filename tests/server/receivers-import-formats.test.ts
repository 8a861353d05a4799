import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview, ListImport } from '../../server/src/contract/listImports';
import { demoUsers, environmentIds } from '../../server/src/seed/ids';
import { importClient, utf8, windows1252 } from './support/importRequests';
import { startTestServer, type TestServer } from './support/testServer';

// Lists exported from other tools import with the mapping the server suggests, unchanged: Mailchimp,
// Laposta, listmonk and Dutch Excel (UTF-8 with BOM and Windows-1252). The files are written here as
// those tools write them.

const env = environmentIds.zuiderveen;

/** Mailchimp's audience export: every cell quoted, commas, English headers, no full-name column. */
const mailchimpCsv = utf8(
  [
    '"Email Address","First Name","Last Name","Address","Phone Number","MEMBER_RATING","OPTIN_TIME","OPTIN_IP","CONFIRM_TIME","CONFIRM_IP","LATITUDE","LONGITUDE","GMTOFF","DSTOFF","TIMEZONE","CC","REGION","LAST_CHANGED","LEID","EUID","NOTES","TAGS"',
    '"jan.jansen@example.nl","Jan","Jansen","Dorpsstraat 1  Zuiderveen  1234 AB  NL","+31 6 12345678","2","2024-01-02 10:00:00","","2024-01-02 10:05:00","","","","","","","","","2024-01-02 10:05:00","1","a1b2","",""',
    '"Sara@Example.nl","Sara","","","","3","2024-02-03 11:00:00","","2024-02-03 11:05:00","","","","","","","","","2024-02-03 11:05:00","2","c3d4","","""Vrijwilliger"""',
    '"info@bakkerij.example.nl","","","","","1","2024-03-04 12:00:00","","2024-03-04 12:05:00","","","","","","","","","2024-03-04 12:05:00","3","e5f6","",""',
    '"piet.bakker@@example.nl","Piet","Bakker","","+31 6 87654321","2","2024-04-05 13:00:00","","2024-04-05 13:05:00","","","","","","","","","2024-04-05 13:05:00","4","g7h8","",""',
  ].join('\n') + '\n',
);

/** Laposta's export: Dutch headers, the infix in its own column, quoted, commas. */
const lapostaCsv = utf8(
  [
    '"E-mailadres","Voornaam","Tussenvoegsel","Achternaam","Woonplaats","Wijk","Aangemeld op","Status"',
    '"jan@example.nl","Jan","van der","Berg","Zuiderveen","Noord","2024-05-01 09:00:00","actief"',
    '"els@example.nl","Els","","de Wit","Zuiderveen","Centrum","2024-05-02 09:00:00","actief"',
    '"k.smit@example.nl","","","Smit","Zuiderveen","","2024-05-03 09:00:00","actief"',
  ].join('\r\n') + '\r\n',
);

/** listmonk's subscriber export: its own columns, and one JSON object of attributes per row. */
const listmonkCsv = utf8(
  [
    'uuid,email,name,attributes,status,created_at,updated_at',
    '5b5c5c52-1a1e-4e0f-9d3e-0c3e7b1e3a11,anne@example.nl,Anne de Boer,"{""wijk"": ""Noord"", ""interesses"": [""cultuur"", ""sport""], ""city"": ""Zuiderveen""}",enabled,2024-06-01 10:00:00.000000+00,2024-06-01 10:00:00.000000+00',
    '7c1e2b9a-2d2f-4f1a-8e4d-1d4f8c2f4b22,bas@example.nl,Bas Visser,{},enabled,2024-06-02 10:00:00.000000+00,2024-06-02 10:00:00.000000+00',
    '9d2f3cab-3e3a-4a2b-9f5e-2e5a9d3a5c33,cor@example.nl,Cor Mulder,"{""Wijk"": ""Zuid""}",enabled,2024-06-03 10:00:00.000000+00,2024-06-03 10:00:00.000000+00',
  ].join('\n') + '\n',
);

/** What Dutch Excel saves as 'CSV (puntkomma)': semicolons, CRLF, é and ë. */
const excelText = [
  'Naam;E-mailadres;Woonplaats;Telefoon',
  'René Brouwer;rene@example.nl;Zuiderveen;0612345678',
  'Zoë de Vries;zoe@example.nl;Assen;',
  ';noud@example.nl;Emmen;',
].join('\r\n');

describe('receivers: importing lists exported from other tools', () => {
  let server: TestServer;
  let client: ReturnType<typeof importClient>;

  beforeAll(async () => {
    server = await startTestServer({ IMPORT_BATCH_ROWS: '2' });
    client = importClient(server, await server.signIn(demoUsers.anne.username), env);
  });
  afterAll(async () => {
    await server?.close();
  });

  const preview = async (listId: string, name: string, content: Buffer) => {
    const answer = await client.post<ImportPreview>(
      `/list/manual/${listId}/imports/preview`,
      {},
      { name, content },
    );
    expect(answer.status).toBe(200);
    return answer.body;
  };

  /** Previews the file and imports it with the suggested mapping as it is; answers the finished import. */
  async function importAsSuggested(listId: string, name: string, content: Buffer): Promise<ListImport> {
    const { suggestedMapping } = await preview(listId, name, content);
    const started = await client.startImport(listId, content, { mapping: suggestedMapping });
    expect(started.status).toBe(202);
    return client.finished(listId, started.body.id);
  }

  it('imports a Mailchimp export as suggested: names from first and last name, else the address; its refused rows import again once fixed', async () => {
    const listId = await client.newList();
    expect((await preview(listId, 'members_export.csv', mailchimpCsv)).suggestedMapping).toEqual({
      0: 'email',
      1: 'firstName',
      2: 'lastName',
      3: 'address',
      4: 'phoneNumber',
    });
    const done = await importAsSuggested(listId, 'members_export.csv', mailchimpCsv);
    expect(done).toMatchObject({ status: 'Voltooid', rowsDone: 4, added: 3, refused: 1, error: null });
    const stored = await client.subscribersOf(listId);
    expect(stored.map((s) => [s.name, s.firstName, s.lastName, s.email, s.phoneNumber])).toEqual([
      ['info@bakkerij.example.nl'.split('@')[0], null, null, 'info@bakkerij.example.nl', null],
      ['Jan Jansen', 'Jan', 'Jansen', 'jan.jansen@example.nl', '+31 6 12345678'],
      ['Sara', 'Sara', null, 'Sara@Example.nl', null],
    ]);

    // The refused rows come back in the file's own layout plus 'Reden'; fixed, they import as they are.
    const refused = await client.call<string>('GET', `/list/manual/${listId}/imports/${done.id}/refused.csv`);
    const rows = parse(refused.text.slice(1), { delimiter: ';' }) as string[][];
    expect(rows[0]).toEqual([...(parse(mailchimpCsv) as string[][])[0], 'Reden']);
    expect(rows.slice(1).map((row) => [row[0], row[1], row.at(-1)])).toEqual([
      ['piet.bakker@@example.nl', 'Piet', 'ongeldig e-mailadres'],
    ]);
    const fixed = Buffer.from(refused.text.replace('piet.bakker@@example.nl', 'piet.bakker@example.nl'));
    const again = await importAsSuggested(listId, 'geweigerde rijen.csv', fixed);
    expect(again).toMatchObject({ status: 'Voltooid', rowsDone: 1, added: 1, refused: 0 });
    const piet = (await client.subscribersOf(listId)).find((s) => s.email === 'piet.bakker@example.nl');
    // The phone number was protected against formulas in the CSV ('+31…) and comes back as it was.
    expect(piet).toMatchObject({ name: 'Piet Bakker', firstName: 'Piet', phoneNumber: '+31 6 87654321' });
    expect((await client.listOf(listId)).subscriberCount).toBe(4);
  });

  it("imports a Laposta export as suggested: 'Jan van der Berg' from Voornaam, Tussenvoegsel and Achternaam, Wijk to the label", async () => {
    const listId = await client.newList({ AttributeLabel1: 'Wijk' });
    expect((await preview(listId, 'laposta.csv', lapostaCsv)).suggestedMapping).toEqual({
      0: 'email',
      1: 'firstName',
      2: 'middleName',
      3: 'lastName',
      4: 'city',
      5: 'attribute1',
    });
    const done = await importAsSuggested(listId, 'laposta.csv', lapostaCsv);
    expect(done).toMatchObject({ status: 'Voltooid', rowsDone: 3, added: 3, refused: 0 });
    const stored = await client.subscribersOf(listId);
    expect(stored.map((s) => [s.name, s.firstName, s.middleName, s.lastName, s.attribute1])).toEqual([
      ['Els de Wit', 'Els', null, 'de Wit', 'Centrum'],
      ['Jan van der Berg', 'Jan', 'van der', 'Berg', 'Noord'],
      ['Smit', null, null, 'Smit', null],
    ]);
  });

  it("imports a listmonk export as suggested: the JSON attributes' keys fill the labels named so", async () => {
    const listId = await client.newList({ AttributeLabel1: 'Wijk', AttributeLabel2: 'Interesses' });
    expect((await preview(listId, 'subscribers.csv', listmonkCsv)).suggestedMapping).toEqual({
      1: 'email',
      2: 'name',
      3: 'attributesJson',
    });
    const done = await importAsSuggested(listId, 'subscribers.csv', listmonkCsv);
    expect(done).toMatchObject({ status: 'Voltooid', rowsDone: 3, added: 3, refused: 0 });
    const stored = await client.subscribersOf(listId);
    expect(stored.map((s) => [s.name, s.attribute1, s.attribute2, s.city])).toEqual([
      ['Anne de Boer', 'Noord', 'cultuur, sport', null],
      ['Bas Visser', null, null, null],
      ['Cor Mulder', 'Zuid', null, null],
    ]);
  });

  it("makes labels of listmonk's attribute keys for a list without labels, and fills them", async () => {
    const listId = await client.newList();
    const { suggestedMapping } = await preview(listId, 'subscribers.csv', listmonkCsv);
    const started = await client.startImport(listId, listmonkCsv, {
      mapping: suggestedMapping,
      newLabels: { attribute1: 'Wijk', attribute2: 'Interesses', attribute3: 'City' },
    });
    expect(started.status).toBe(202);
    expect(await client.finished(listId, started.body.id)).toMatchObject({ status: 'Voltooid', added: 3 });
    expect(await client.listOf(listId)).toMatchObject({
      attributeLabel1: 'Wijk',
      attributeLabel2: 'Interesses',
      attributeLabel3: 'City',
    });
    const stored = await client.subscribersOf(listId);
    expect(stored.map((s) => [s.name, s.attribute1, s.attribute2, s.attribute3])).toEqual([
      ['Anne de Boer', 'Noord', 'cultuur, sport', 'Zuiderveen'],
      ['Bas Visser', null, null, null],
      ['Cor Mulder', 'Zuid', null, null],
    ]);
  });

  it.each([
    ['UTF-8 with a BOM', 'utf-8', utf8(`\uFEFF${excelText}`)],
    ['Windows-1252', 'windows-1252', windows1252(excelText)],
  ])('imports Dutch Excel CSV in %s as suggested', async (_, encoding, content) => {
    const listId = await client.newList();
    const shown = await preview(listId, 'leden.csv', content);
    expect(shown).toMatchObject({
      encoding,
      delimiter: ';',
      header: ['Naam', 'E-mailadres', 'Woonplaats', 'Telefoon'],
      suggestedMapping: { 0: 'name', 1: 'email', 2: 'city', 3: 'phoneNumber' },
    });
    const done = await importAsSuggested(listId, 'leden.csv', content);
    expect(done).toMatchObject({ status: 'Voltooid', rowsDone: 3, added: 3, refused: 0 });
    const stored = await client.subscribersOf(listId);
    expect(stored.map((s) => [s.name, s.city])).toEqual([
      ['noud', 'Emmen'],
      ['René Brouwer', 'Zuiderveen'],
      ['Zoë de Vries', 'Assen'],
    ]);
  });

  it('keeps the first name when Voornaam is mapped to Naam', async () => {
    const listId = await client.newList();
    const started = await client.startImport(listId, lapostaCsv, {
      mapping: { 0: 'email', 1: 'name', 3: 'lastName' },
    });
    await client.finished(listId, started.body.id);
    const jan = (await client.subscribersOf(listId)).find((s) => s.email === 'jan@example.nl');
    expect(jan).toMatchObject({ name: 'Jan', firstName: 'Jan', lastName: 'Berg' });
  });

  it('stops a file with a header only at the preview, in Dutch', async () => {
    const listId = await client.newList();
    const answer = await client.post<{ status: number; field: string; message: string }>(
      `/list/manual/${listId}/imports/preview`,
      {},
      { name: 'leeg.csv', content: utf8('"Email Address","First Name","Last Name"\n') },
    );
    expect(answer.body).toEqual({
      status: 400,
      field: 'file',
      message: 'Het bestand heeft alleen een kopregel: er staan geen ontvangers in.',
    });
  });

  it('gives the list a new label from a column with the import, or refuses both', async () => {
    const listId = await client.newList({ AttributeLabel1: 'Interesse' });
    const mapping = { 0: 'email', 1: 'firstName', 2: 'middleName', 3: 'lastName', 5: 'attribute2' };

    const taken = await client.startImport(listId, lapostaCsv, {
      mapping,
      newLabels: { attribute1: 'Wijk' },
    });
    expect(taken.body).toMatchObject({ status: 400, field: 'newLabels' });
    const twice = await client.startImport(listId, lapostaCsv, {
      mapping: { ...mapping, 5: 'attribute3' },
      newLabels: { attribute3: 'interesse' },
    });
    expect(twice.body).toMatchObject({ status: 400, field: 'newLabels' });
    const unlabelled = await client.startImport(listId, lapostaCsv, { mapping });
    expect(unlabelled.body).toMatchObject({ status: 400, field: 'mapping' });
    expect((await client.listOf(listId)).attributeLabel2).toBeNull();

    // While another import runs, the start is refused (409) and the new label is not given either.
    const large = utf8(
      'email,naam\n' + Array.from({ length: 4000 }, (_, n) => `lid${n}@example.nl,Lid ${n}`).join('\n'),
    );
    const running = await client.startImport(listId, large, { mapping: { 0: 'email', 1: 'name' } });
    expect(running.status).toBe(202);
    const refused = await client.startImport(listId, lapostaCsv, {
      mapping,
      newLabels: { attribute2: 'Wijk' },
    });
    expect(refused.status).toBe(409);
    expect((await client.listOf(listId)).attributeLabel2).toBeNull();
    await client.call('POST', `/list/manual/${listId}/imports/${running.body.id}/cancel`);
    // Cancelled, not failed: the refused start did not hold the list's row against the running batches.
    expect((await client.finished(listId, running.body.id)).status).toBe('Geannuleerd');

    const started = await client.startImport(listId, lapostaCsv, {
      mapping,
      newLabels: { attribute2: 'Wijk' },
    });
    expect(started.status).toBe(202);
    await client.finished(listId, started.body.id);

    const list = await client.listOf(listId);
    expect(list.attributeLabel2).toBe('Wijk');
    const jan = (await client.subscribersOf(listId)).find((s) => s.email === 'jan@example.nl');
    expect(jan).toMatchObject({ name: 'Jan van der Berg', attribute2: 'Noord' });
  });
});
