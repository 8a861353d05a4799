import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceiverList } from '../../server/src/contract/receivers';
import { demoUsers, environmentIds, receiverIds } from '../../server/src/seed/ids';
import { startTestServer, type ApiOptions, type TestServer, type Tokens } from './support/testServer';

const env = environmentIds.zuiderveen;
const otherEnv = environmentIds.cultuurhuis;

describe('receivers: list export and import', () => {
  let server: TestServer;
  let anne: Tokens;
  const call = <T>(method: string, path: string, options: ApiOptions = {}) =>
    server.api<T>(method, path, { token: anne, env, ...options });

  beforeAll(async () => {
    server = await startTestServer();
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
});
