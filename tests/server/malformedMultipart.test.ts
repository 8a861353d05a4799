import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListImport } from '../../server/src/contract/listImports';
import type { MediaDirectory } from '../../server/src/contract/media';
import type { ReceiverList } from '../../server/src/contract/receivers';
import { environmentIds } from '../../server/src/seed/ids';
import { storedImportFiles } from './support/importRequests';
import { authHeaders, rawRequest } from './support/mediaRequests';
import { startTestServer, type TestServer, type Tokens } from './support/testServer';

// A multipart body the parser cannot read (a boundary that does not match the body, a boundary over
// 256 characters, a body cut off before its end) answers 400 in Dutch on every upload route, and keeps
// nothing: no media file, no import, no staged file (each answered 500).

const env = environmentIds.zuiderveen;
const rootDirectory = '00000000-0000-0000-0000-000000000000';

interface ErrorBody {
  status: number;
  message: string;
  field?: string;
}

/** A well-formed body with text fields and one CSV file part, by the given boundary. */
function formBody(boundary: string, fields: Record<string, string>): Buffer {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const csv = `naam;e-mail\r\n${Array.from({ length: 200 }, (_, row) => `Lid ${row};lid${row}@voorbeeld.nl`).join('\r\n')}\r\n`;
  return Buffer.from(
    `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="leden.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  );
}

/** The three malformations: the Content-Type's boundary and the bytes sent. */
function malformed(fields: Record<string, string>): Array<[string, string, Buffer]> {
  const boundary = `----kapot-${randomBytes(8).toString('hex')}`;
  const long = `----lang-${'x'.repeat(300)}`;
  const whole = formBody(boundary, fields);
  return [
    ['a boundary that does not match the body', `${boundary}-anders`, whole],
    ['a boundary over 256 characters', long, formBody(long, fields)],
    ['a body cut off before its end', boundary, whole.subarray(0, Math.floor(whole.length * 0.7))],
  ];
}

describe('malformed multipart bodies', () => {
  let server: TestServer;
  let anne: Tokens;
  let listId: string;

  beforeAll(async () => {
    server = await startTestServer();
    anne = await server.signIn('anne@voorbeeld.nl');
    const created = await server.api<ReceiverList>('POST', '/list/manual', {
      token: anne,
      env,
      query: { title: `Kapot ${randomBytes(4).toString('hex')}` },
    });
    expect(created.status).toBe(201);
    listId = created.body.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const send = async (route: string, boundary: string, body: Buffer) => {
    const response = await rawRequest({
      method: 'POST',
      origin: server.url,
      path: `/api/1/${env}${route}`,
      headers: {
        ...authHeaders(anne.accessToken, env),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body,
      ca: server.certificatePem,
    });
    return { status: response.status, body: JSON.parse(response.body.toString('utf8')) as ErrorBody };
  };

  const expectDutch400 = (response: { status: number; body: ErrorBody }) => {
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status: 400, field: 'file' });
    expect(response.body.message).toMatch(/multipart-formulier/);
  };

  const rootFiles = async () =>
    (await server.api<MediaDirectory>('GET', '/media', { token: anne, env })).body.files.map(
      (file) => file.id,
    );
  const storedMedia = async () =>
    (await readdir(path.join(server.config.dataDir, 'media'), { recursive: true })).length;
  const stagedImports = () => storedImportFiles(server.config.dataDir);
  const imports = async () =>
    (await server.api<ListImport[]>('GET', `/list/manual/${listId}/imports`, { token: anne, env })).body;

  it.each(malformed({}))(
    'refuses %s on a media upload with a Dutch 400, keeping nothing',
    async (_name, boundary, body) => {
      const [filesBefore, storedBefore] = [await rootFiles(), await storedMedia()];
      expectDutch400(await send(`/directory/${rootDirectory}/file`, boundary, body));
      expect(await rootFiles()).toEqual(filesBefore);
      expect(await storedMedia()).toBe(storedBefore);
    },
  );

  const importFields = { mode: 'addAndUpdate', mapping: '{"0":"name","1":"email"}', consent: 'true' };

  it.each(malformed(importFields))(
    'refuses %s on a list import with a Dutch 400, keeping nothing',
    async (_name, boundary, body) => {
      expectDutch400(await send(`/list/manual/${listId}/imports`, boundary, body));
      expect(await imports()).toEqual([]);
      expect(await stagedImports()).toEqual([]);
    },
  );

  it.each(malformed({}))(
    'refuses %s on an import preview with a Dutch 400, keeping nothing',
    async (_name, boundary, body) => {
      expectDutch400(await send(`/list/manual/${listId}/imports/preview`, boundary, body));
      expect(await stagedImports()).toEqual([]);
    },
  );
});
