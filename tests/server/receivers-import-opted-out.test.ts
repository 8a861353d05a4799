import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview, ListImport } from '../../server/src/contract/listImports';
import type { UnsubscriberPage } from '../../server/src/contract/receivers';
import { demoUsers, environmentIds } from '../../server/src/seed/ids';
import { importClient, utf8 } from './support/importRequests';
import { startTestServer, type TestServer } from './support/testServer';

// People who opted out in the tool a list comes from never come back as active recipients: their rows
// become the environment's unsubscribers (by default) or are left out, and the preview says how many.

const env = environmentIds.zuiderveen;

/** Laposta's export with its Status column: one member unsubscribed, one cleaned. */
const lapostaCsv = utf8(
  [
    '"E-mailadres","Voornaam","Achternaam","Aangemeld op","Status"',
    '"jan@opt.example.nl","Jan","Berg","2024-05-01 09:00:00","active"',
    '"els@opt.example.nl","Els","de Wit","2024-05-02 09:00:00","unsubscribed"',
    '"kees@opt.example.nl","Kees","Smit","2024-05-03 09:00:00","cleaned"',
    '"ria@opt.example.nl","Ria","Vos","2024-05-04 09:00:00","actief"',
  ].join('\r\n') + '\r\n',
);

/** listmonk's export: status blocklisted for people who asked never to be mailed. */
const listmonkCsv = utf8(
  [
    'uuid,email,name,attributes,status,created_at,updated_at',
    '5b5c5c52-1a1e-4e0f-9d3e-0c3e7b1e3a11,anne@lm.example.nl,Anne de Boer,{},enabled,2024-06-01 10:00:00+00,2024-06-01 10:00:00+00',
    '7c1e2b9a-2d2f-4f1a-8e4d-1d4f8c2f4b22,bas@lm.example.nl,Bas Visser,{},blocklisted,2024-06-02 10:00:00+00,2024-06-02 10:00:00+00',
  ].join('\n') + '\n',
);

/** Mailchimp's export of unsubscribed members: every row has its UNSUB_TIME. */
const mailchimpUnsubscribedCsv = utf8(
  [
    '"Email Address","First Name","Last Name","MEMBER_RATING","OPTIN_TIME","UNSUB_TIME","UNSUB_CAMPAIGN_TITLE","LEID","EUID"',
    '"weg@mc.example.nl","Wim","Weg","2","2024-01-02 10:00:00","2024-03-01 08:00:00","Nieuwsbrief maart","1","a1"',
  ].join('\n') + '\n',
);

describe('receivers: importing people who opted out in the tool the list comes from', () => {
  let server: TestServer;
  let client: ReturnType<typeof importClient>;

  beforeAll(async () => {
    server = await startTestServer();
    client = importClient(server, await server.signIn(demoUsers.anne.username), env);
  });
  afterAll(async () => {
    await server?.close();
  });

  const preview = async (listId: string, content: Buffer) => {
    const answer = await client.post<ImportPreview>(
      `/list/manual/${listId}/imports/preview`,
      {},
      { name: 'export.csv', content },
    );
    expect(answer.status).toBe(200);
    return answer.body;
  };

  async function importAsSuggested(listId: string, content: Buffer, optedOut?: string): Promise<ListImport> {
    const { suggestedMapping } = await preview(listId, content);
    const started = await client.startImport(listId, content, { mapping: suggestedMapping, optedOut });
    expect(started.status).toBe(202);
    return client.finished(listId, started.body.id);
  }

  const unsubscribed = async (search: string) =>
    (
      await client.call<UnsubscriberPage>('GET', '/unsubscribers', { query: { search, sort: 'email' } })
    ).body.data.map(({ email, cause, causeDetail }) => ({ email, cause, causeDetail }));

  it("adds Laposta's unsubscribed and cleaned members to the unsubscribers, not to the list", async () => {
    const listId = await client.newList();
    expect((await preview(listId, lapostaCsv)).optedOut).toEqual({
      column: 4,
      tool: 'Laposta',
      rows: 2,
    });
    const done = await importAsSuggested(listId, lapostaCsv);
    expect(done).toMatchObject({ status: 'Voltooid', rowsDone: 4, added: 2, optedOut: 2, refused: 0 });
    expect((await client.subscribersOf(listId)).map((s) => s.email)).toEqual([
      'jan@opt.example.nl',
      'ria@opt.example.nl',
    ]);
    expect(await unsubscribed('opt.example.nl')).toEqual([
      { email: 'els@opt.example.nl', cause: 'Afgemeld', causeDetail: 'Import: afgemeld in Laposta' },
      { email: 'kees@opt.example.nl', cause: 'Afgemeld', causeDetail: 'Import: afgemeld in Laposta' },
    ]);
  });

  it("leaves listmonk's blocklisted subscribers out without unsubscribing them when staff choose so", async () => {
    const listId = await client.newList();
    expect((await preview(listId, listmonkCsv)).optedOut).toEqual({ column: 4, tool: 'listmonk', rows: 1 });
    const done = await importAsSuggested(listId, listmonkCsv, 'skip');
    expect(done).toMatchObject({ status: 'Voltooid', added: 1, optedOut: 1 });
    expect((await client.subscribersOf(listId)).map((s) => s.email)).toEqual(['anne@lm.example.nl']);
    expect(await unsubscribed('lm.example.nl')).toEqual([]);
  });

  it("reads Mailchimp's unsubscribed export by its UNSUB_TIME column", async () => {
    const listId = await client.newList();
    expect((await preview(listId, mailchimpUnsubscribedCsv)).optedOut).toEqual({
      column: 5,
      tool: 'Mailchimp',
      rows: 1,
    });
    const done = await importAsSuggested(listId, mailchimpUnsubscribedCsv);
    expect(done).toMatchObject({ status: 'Voltooid', added: 0, optedOut: 1 });
    expect(await unsubscribed('mc.example.nl')).toEqual([
      { email: 'weg@mc.example.nl', cause: 'Afgemeld', causeDetail: 'Import: afgemeld in Mailchimp' },
    ]);
  });

  it('refuses an unknown choice for the opted-out rows in Dutch', async () => {
    const listId = await client.newList();
    const started = await client.startImport(listId, lapostaCsv, {
      mapping: { 0: 'email' },
      optedOut: 'import',
    });
    expect(started.body).toMatchObject({ status: 400, field: 'optedOut' });
  });
});
