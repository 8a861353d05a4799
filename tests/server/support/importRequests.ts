import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import type { ListImport } from '../../../server/src/contract/listImports';
import type { ReceiverList, Subscriber, SubscriberPage } from '../../../server/src/contract/receivers';
import { authHeaders, rawRequest } from './mediaRequests';
import type { TestServer, Tokens } from './testServer';

/** A multipart body with text fields and one file part, as the console's import wizard sends it. */
export function importMultipart(fields: Record<string, string>, file?: { name: string; content: Buffer }) {
  const boundary = `----import-test-${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          'Content-Type: text/csv\r\n\r\n',
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export const utf8 = (text: string) => Buffer.from(text, 'utf8');
/** Text as Windows-1252 bytes (for the characters of Latin-1, which are the same there). */
export const windows1252 = (text: string) =>
  Buffer.from(new Uint8Array([...text].map((char) => char.charCodeAt(0))));

/** The import calls of one signed-in user in one environment, against the real server. */
export function importClient(server: TestServer, token: Tokens, env: string) {
  const call = <T>(method: string, path: string, options: Parameters<TestServer['api']>[2] = {}) =>
    server.api<T>(method, path, { token, env, ...options });

  async function post<T>(
    path: string,
    fields: Record<string, string>,
    file?: { name: string; content: Buffer },
  ) {
    const { body, contentType } = importMultipart(fields, file);
    const response = await rawRequest({
      method: 'POST',
      origin: server.url,
      path: `/api/1/${env}${path}`,
      headers: { ...authHeaders(token.accessToken, env), 'content-type': contentType },
      body,
      ca: server.certificatePem,
    });
    const text = response.body.toString('utf8');
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  /** Asks the status until the import is no longer running (bounded: no test waits forever). */
  async function finished(listId: string, importId: string): Promise<ListImport> {
    for (let attempt = 0; attempt < 5000; attempt += 1) {
      const status = await call<ListImport>('GET', `/list/manual/${listId}/imports/${importId}`);
      expect(status.status).toBe(200);
      if (status.body.status !== 'Bezig') return status.body;
    }
    throw new Error('the import did not finish');
  }

  return {
    call,
    post,
    finished,
    startImport: (
      listId: string,
      content: Buffer,
      {
        mode = 'addAndUpdate',
        mapping = { 0: 'name', 1: 'email' } as Record<string, string>,
        consent = 'true',
        newLabels,
        optedOut,
      }: {
        mode?: string;
        mapping?: Record<string, string>;
        consent?: string;
        newLabels?: Record<string, string>;
        optedOut?: string;
      } = {},
    ) =>
      post<ListImport & { message?: string; field?: string }>(
        `/list/manual/${listId}/imports`,
        {
          mode,
          mapping: JSON.stringify(mapping),
          consent,
          ...(newLabels ? { newLabels: JSON.stringify(newLabels) } : {}),
          ...(optedOut ? { optedOut } : {}),
        },
        { name: 'ontvangers.csv', content },
      ),
    async newList(labels: Record<string, string> = {}): Promise<string> {
      const created = await call<ReceiverList>('POST', '/list/manual', {
        query: { title: `Import ${randomBytes(4).toString('hex')}` },
      });
      if (Object.keys(labels).length)
        await call('PUT', `/list/manual/${created.body.id}/attributes`, { body: labels });
      return created.body.id;
    },
    async subscribersOf(listId: string): Promise<Subscriber[]> {
      const page = await call<SubscriberPage>('GET', `/list/manual/${listId}/subscribers`, {
        query: { sort: 'email' },
      });
      return page.body.data;
    },
    listOf: async (listId: string) => (await call<ReceiverList>('GET', `/list/manual/${listId}`)).body,
  };
}

/**
 * The keys of the import files in a server's disk media store (`DATA_DIR/media`), committed or staged:
 * staged uploads show as `tmp/{name}` (the staging folder is shared with media uploads).
 */
export async function storedImportFiles(dataDir: string): Promise<string[]> {
  const media = path.join(dataDir, 'media');
  const entries = async (folder: string) =>
    (await readdir(path.join(media, folder), { recursive: true, withFileTypes: true }).catch(() => []))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(media, path.join(entry.parentPath, entry.name)));
  const committed = (await entries('objects/imports')).map((file) => file.slice('objects/'.length));
  return [...committed, ...(await entries('tmp'))].sort();
}
