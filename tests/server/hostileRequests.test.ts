import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { environmentIds, formIds } from '../../server/src/seed/ids';
import { startTestServer, type TestServer } from './support/testServer';

// Requests nobody legitimate sends, answered with a Dutch 4xx and bounded work, never 5xx: JSON nested
// thousands deep (a stack overflow answered 500 and took ~140 ms of CPU each), a public form posted as
// text/plain (500), and a flood of requests to paths that do not exist (no limit at all).

const env = environmentIds.zuiderveen;
const unknownPathLimit = 10;

interface ErrorBody {
  status: number;
  message: string;
  field?: string;
}

const nestedObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const nestedArray = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

describe('hostile requests', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ UNKNOWN_PATH_RATE_LIMIT: String(unknownPathLimit) });
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (path: string, contentType: string, body: string, token?: string) =>
    server.api<ErrorBody>('POST', path, {
      body,
      ...(token && { token, env }),
      headers: { 'content-type': contentType },
    });

  describe('deeply nested JSON', () => {
    it.each([
      ['objects 5,000 deep', nestedObject(5_000)],
      ['arrays 10,000 deep', nestedArray(10_000)],
      ['arrays just over the limit', nestedArray(65)],
    ])('refuses %s with a Dutch 400 naming body, on any path', async (_name, body) => {
      const { accessToken } = await server.signIn('anne@voorbeeld.nl');
      for (const answer of [
        await post('/anything', 'application/json', body),
        await post(`/api/1/${env}/lists`, 'application/json', body, accessToken),
        await post(`/f/${env}/${formIds.playgroundEvening}`, 'application/json', body),
      ]) {
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({
          status: 400,
          field: 'body',
          message: 'De aanvraag is te diep genest: hoogstens 64 niveaus.',
        });
      }
    });

    it('still reads nesting up to the limit, and brackets inside texts do not count', async () => {
      const deepButAllowed = `{"answers":${nestedObject(60)},"x":"${'['.repeat(500)}"}`;
      const answer = await post(`/f/${env}/${formIds.playgroundEvening}`, 'application/json', deepButAllowed);
      // Past the parser: the schema names what is wrong with the answers.
      expect(answer.status).toBe(400);
      expect(answer.body.field).not.toBe('body');
    });
  });

  describe('the public form', () => {
    it.each([
      'text/plain',
      'application/xml',
      'application/octet-stream',
      'multipart/form-data; boundary=x',
      'text/html',
    ])('answers a post as %s with a Dutch 415', async (contentType) => {
      const answer = await post(`/f/${env}/${formIds.playgroundEvening}`, contentType, 'x');
      expect(answer.status).toBe(415);
      expect(answer.body).toEqual({ status: 415, message: 'Dit type inhoud wordt niet ondersteund.' });
    });
  });

  describe('unknown paths', () => {
    it('are rate-limited per address like every public endpoint: a Dutch 429 after the limit', async () => {
      // The requests above to /anything count too (same address, same minute).
      const statuses: number[] = [];
      for (let request = 0; request < unknownPathLimit; request += 1)
        statuses.push((await post('/bestaat-niet', 'application/json', '{}')).status);
      expect(statuses).toContain(404);
      const refused = await server.api<ErrorBody>('GET', '/api/1/bestaat-ook-niet');
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ status: 429, message: expect.stringMatching(/^Te veel verzoeken/) });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    });
  });
});
