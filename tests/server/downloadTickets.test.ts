import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadTicket } from '../../server/src/contract/downloads';
import type { ReceiverList } from '../../server/src/contract/receivers';
import { requestLogValue } from '../../server/src/http/requestLog';
import { demoUsers, environmentIds, formIds, mediaIds, receiverIds } from '../../server/src/seed/ids';
import { otherSpellings } from './support/base64url';
import { startTestServer, type ApiOptions, type TestServer, type Tokens } from './support/testServer';

const env = environmentIds.zuiderveen;
const otherEnv = environmentIds.cultuurhuis;
const residents = receiverIds.lists.residents;
const exportPath = (environmentId: string, listId: string) =>
  `/api/1/${environmentId}/list/manual/${listId}/export`;

describe('download tickets: a link the browser follows streams a file without the bearer token', () => {
  let server: TestServer;
  let anne: Tokens;
  let bram: Tokens;
  /** The tickets' clock (milliseconds): moved forward to let a ticket expire without waiting. */
  let now = Date.UTC(2026, 10, 24, 12);
  const call = <T>(method: string, path: string, options: ApiOptions = {}) =>
    server.api<T>(method, path, { token: anne, env, ...options });
  const ticketFor = (path: string, options: ApiOptions = {}) =>
    call<DownloadTicket>('POST', '/download-ticket', { body: { path }, ...options });
  /** Follows a link as a browser does: no Authorization, no X-Environment-Id. */
  const follow = <T = string>(url: string) => server.api<T>('GET', url);

  beforeAll(async () => {
    server = await startTestServer(
      { PLATFORM_ADMINS: demoUsers.anne.username },
      { downloadTicketClock: () => now },
    );
    anne = await server.signIn(demoUsers.anne.username);
    bram = await server.signIn(demoUsers.bram.username);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('downloads the whole list export with a ticket, and nothing without one', async () => {
    const list = await call<ReceiverList>('GET', `/list/manual/${residents}`);
    const issued = await ticketFor(exportPath(env, residents));
    expect(issued.status).toBe(200);
    expect(issued.body.url).toBe(
      `${exportPath(env, residents)}?ticket=${encodeURIComponent(issued.body.ticket)}`,
    );
    expect(Date.parse(issued.body.expiresAt)).toBe(now + 60_000);

    const response = await follow(issued.body.url);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('attachment');
    const rows = parse(response.text.slice(1), { delimiter: ';' }) as string[][];
    expect(rows).toHaveLength(list.body.subscriberCount + 1);

    const bare = await follow<{ message: string }>(exportPath(env, residents));
    expect(bare.status).toBe(401);
  });

  it('refuses an expired ticket with 401 in Dutch (the clock moved, nobody waited)', async () => {
    const issued = await ticketFor(exportPath(env, residents));
    now += 59_000;
    expect((await follow(issued.body.url)).status).toBe(200);
    now += 1_000;
    const expired = await follow<{ message: string }>(issued.body.url);
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe(
      'Deze downloadlink is verlopen. Start de download opnieuw vanuit de console.',
    );
  });

  it('refuses an altered or made-up ticket with 401, never 5xx', async () => {
    const { ticket } = (await ticketFor(exportPath(env, residents))).body;
    const [version, payload, signature] = ticket.split('.');
    const flipped = (text: string, at: number) =>
      text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    // The claims rewritten for another list, the old signature kept.
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as unknown[];
    claims[2] = exportPath(env, receiverIds.lists.entrepreneurs);
    const rewritten = Buffer.from(JSON.stringify(claims)).toString('base64url');
    expect(otherSpellings(signature)).toHaveLength(3); // 256 bits in 43 characters: 2 unused
    const altered = [
      // The same signature spelled differently: its last character's 2 unused bits set.
      ...otherSpellings(signature).map((spelling) => `${version}.${payload}.${spelling}`),
      `${version}.${payload}.${flipped(signature, 5)}`,
      `${version}.${flipped(payload, 3)}.${signature}`,
      `${version}.${rewritten}.${signature}`,
      'v1.e30.AAAA',
      'x'.repeat(5000),
      '',
    ];
    for (const forged of altered) {
      const response = await follow<{ message: string }>(
        `${exportPath(env, residents)}?ticket=${encodeURIComponent(forged)}`,
      );
      expect(response.status, forged.slice(0, 40)).toBe(401);
      expect(response.body.message).toBe(
        'Deze downloadlink is ongeldig. Start de download opnieuw vanuit de console.',
      );
    }
    const otherList = await follow(
      `${exportPath(env, receiverIds.lists.entrepreneurs)}?ticket=${encodeURIComponent(`${version}.${rewritten}.${signature}`)}`,
    );
    expect(otherList.status).toBe(401);
  });

  it('holds a ticket to its path: not another list, not another environment, not a route that is no download', async () => {
    const { ticket } = (await ticketFor(exportPath(env, residents))).body;
    const query = `?ticket=${encodeURIComponent(ticket)}`;
    const otherList = await follow<{ message: string }>(
      `${exportPath(env, receiverIds.lists.entrepreneurs)}${query}`,
    );
    expect(otherList.status).toBe(401);
    expect(otherList.body.message).toBe(
      'Deze downloadlink hoort bij een andere download. Start de download opnieuw vanuit de console.',
    );
    const otherEnvironment = await follow(`${exportPath(otherEnv, receiverIds.lists.friends)}${query}`);
    expect(otherEnvironment.status).toBe(401);
    // A route that is no download ignores the ticket and asks for the token.
    const notADownload = await follow<{ message: string }>(`/api/1/${env}/list/manual/${residents}${query}`);
    expect(notADownload.status).toBe(401);
    expect(notADownload.body.message).toBe('Er is geen toegangstoken meegestuurd. Log in.');
  });

  it('makes tickets only for downloads of the environment it is asked in (400 naming the path)', async () => {
    for (const path of [
      `/api/1/${env}/list/manual/${residents}`,
      exportPath(otherEnv, receiverIds.lists.friends),
      '//elders.example/api/1/x',
      'list/manual/export',
    ]) {
      const refused = await ticketFor(path);
      expect(refused.status, path).toBe(400);
      expect((refused.body as unknown as { field: string }).field).toBe('path');
    }
    const missing = await call<{ field: string }>('POST', '/download-ticket', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('path');
    const anonymous = await server.api('POST', `/api/1/${env}/download-ticket`, {
      body: { path: exportPath(env, residents) },
    });
    expect(anonymous.status).toBe(401);
  });

  it('downloads the form answers and media files the same way; the refused import rows are declared so too', async () => {
    for (const path of [
      `/api/1/${env}/flows/${formIds.playgroundEvening}/submissions/csv`,
      `/api/1/${env}/file/${mediaIds.zuiderveen.reportFile}/download`,
    ]) {
      const withBearer = await server.api('GET', path, { token: anne, env });
      const issued = await ticketFor(path);
      expect(issued.status, path).toBe(200);
      const followed = await follow(issued.body.url);
      expect(followed.status, path).toBe(200);
      expect(followed.headers['content-disposition']).toBe(withBearer.headers['content-disposition']);
      expect(followed.text).toBe(withBearer.text);
    }
    const declared = JSON.parse((await server.api('GET', '/api/docs')).text) as {
      paths: Record<string, { get?: { 'x-download'?: boolean; security?: unknown[] } }>;
    };
    const downloads = Object.entries(declared.paths)
      .filter(([, operations]) => operations.get?.['x-download'])
      .map(([path]) => path)
      .sort();
    expect(downloads).toEqual([
      '/api/1/{environmentId}/auditlog/export',
      '/api/1/{environmentId}/file/{fileId}/download',
      '/api/1/{environmentId}/flows/{flowId}/submissions/csv',
      '/api/1/{environmentId}/list/manual/{listId}/export',
      '/api/1/{environmentId}/list/manual/{listId}/imports/{importId}/refused.csv',
      '/api/1/{environmentId}/person/export.html',
      '/api/1/{environmentId}/person/export.json',
      '/api/1/{environmentId}/publications/{id}/analytics/recipients/csv',
      '/api/1/{environmentId}/publications/{id}/rsvp/invitees/csv',
    ]);
    expect(declared.paths[downloads[1]].get?.security).toEqual([{ bearer: [] }, { downloadTicket: [] }]);
  });

  it('leaves the ticket out of logged requests', () => {
    // Request lines carry the route's pattern, never the path or query string (http/requestLog.ts).
    const request = {
      method: 'GET',
      url: '/api/1/x/list/manual/y/export?ticket=v1.abc.def&other=1',
      routeOptions: { url: '/api/1/:environmentId/list/manual/:listId/export' },
    };
    const logged = requestLogValue(request);
    expect(logged.route).toBe('/api/1/:environmentId/list/manual/:listId/export');
    expect(JSON.stringify(logged)).not.toContain('v1.abc.def');
  });

  it('answers 403 to the ticket of someone who has left the environment since', async () => {
    const issued = await ticketFor(exportPath(env, residents), { token: bram });
    expect(issued.status).toBe(200);
    const removed = await server.api(
      'DELETE',
      `/api/1/platform/environments/${env}/members/${demoUsers.bram.id}`,
      {
        token: anne,
      },
    );
    expect(removed.status).toBe(204);
    expect((await follow(issued.body.url)).status).toBe(403);
  });
});
