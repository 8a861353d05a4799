import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryJob, DeliveryRecipientPage } from '../../server/src/contract/publications';
import type { UnsubscriberPage } from '../../server/src/contract/receivers';
import { demoUsers, environmentIds, publicationIds, receiverIds } from '../../server/src/seed/ids';
import { startSmtpSink, type SmtpSink } from './support/smtpSink';
import { otherSpellings } from './support/base64url';
import { startTestServer, type TestServer, type Tokens } from './support/testServer';

// Delivery through the real server: the in-process worker sends over SMTP to a sink in this test, the
// console's calls (job, recipients, cancel, schedule) and the public unsubscribe pages.

const env = environmentIds.zuiderveen;
const otherEnv = environmentIds.cultuurhuis;
const day = 24 * 60 * 60 * 1000;

describe('delivery through the server', () => {
  let server: TestServer;
  let sink: SmtpSink;
  let token: Tokens;

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer({ SMTP_URL: sink.url, DELIVERY_RETRY_DELAY_MS: '0' });
    token = await server.signIn(demoUsers.anne.username);
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  const api = <T>(method: string, path: string, body?: unknown, inEnv: string = env) =>
    server.api<T>(method, path, { token, env: inEnv, body });

  const createJob = async (extra: Record<string, unknown> = {}) => {
    const response = await api<DeliveryJob>('POST', '/deliveryjobs', {
      publicationId: publicationIds.publications.januaryNewsletter,
      publicationTemplateId: publicationIds.templates.zuiderveenStandard,
      title: 'Verspreiden van Nieuwsbrief januari 2025',
      audienceId: receiverIds.audiences.editorsTest,
      ...extra,
    });
    expect(response.status).toBe(201);
    return response.body;
  };
  const finished = async (jobId: string) => {
    await expect
      .poll(async () => (await api<DeliveryJob>('GET', `/deliveryjobs/${jobId}`)).body.status, {
        timeout: 30_000,
        interval: 100,
      })
      .toBe('Verzonden');
    return (await api<DeliveryJob>('GET', `/deliveryjobs/${jobId}`)).body;
  };
  const linkFor = (address: string) => {
    const message = sink.accepted.find((candidate) => candidate.to === address);
    const link = /^<https:\/\/[^/]+(\/u\/[^>]+)>$/.exec(message?.headers['list-unsubscribe'] ?? '');
    expect(link).not.toBeNull();
    return link![1];
  };

  it('sends a job, shows its recipients, and the one-click link unsubscribes the address for later jobs', async () => {
    const job = await createJob();
    expect(job.status).toBe('Gepland');
    const done = await finished(job.id);
    expect(done).toMatchObject({ sentCount: 3, failedCount: 0, skippedCount: 0, recipientCount: 3 });
    expect(done.finishedAt).not.toBeNull();
    const addresses = ['anne@voorbeeld.nl', 'bram@voorbeeld.nl', 'redactie@zuiderveen.example.nl'];
    expect(sink.accepted.map((message) => message.to.toLowerCase()).sort()).toEqual(addresses);
    expect(sink.accepted[0].headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    const recipients = await api<DeliveryRecipientPage>('GET', `/deliveryjobs/${job.id}/recipients`);
    expect(recipients.body.total).toBe(3);
    expect(recipients.body.data.every((recipient) => recipient.status === 'Verzonden')).toBe(true);
    const searched = await server.api<DeliveryRecipientPage>('GET', `/deliveryjobs/${job.id}/recipients`, {
      token,
      env,
      query: { search: 'bram' },
    });
    expect(searched.body.data.map((recipient) => recipient.email.toLowerCase())).toEqual([
      'bram@voorbeeld.nl',
    ]);

    const path = linkFor(sink.accepted.find((message) => /^bram@/i.test(message.to))!.to);
    const page = await server.api<string>('GET', path);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Wil je geen berichten meer ontvangen van Gemeente Zuiderveen');
    // Opening the page changes nothing (link scanners open it too).
    const before = await api<UnsubscriberPage>('GET', '/unsubscribers');
    expect(before.body.data.some((entry) => /^bram@/i.test(entry.email))).toBe(false);

    const oneClick = await server.api<string>('POST', path, {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.status).toBe(200);
    expect(oneClick.text).toContain('Je bent uitgeschreven');
    // Again (a mail program retrying): still fine, still one unsubscribe.
    expect(
      (
        await server.api('POST', path, {
          body: '',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).status,
    ).toBe(200);
    const after = await api<UnsubscriberPage>('GET', '/unsubscribers');
    expect(after.body.data.filter((entry) => /^bram@/i.test(entry.email))).toHaveLength(1);

    // The link opened again says the address is unsubscribed already, without asking to confirm.
    const reopened = await server.api<string>('GET', path);
    expect(reopened.status).toBe(200);
    expect(reopened.text).toContain('Je bent al uitgeschreven');
    expect(reopened.text).not.toContain('Ja, schrijf mij uit');

    // Both pages show the way back: the address's preference page, which offers signing up again.
    const preferenceLinks = [oneClick.text, reopened.text].map(
      (text) => /Via <a href="([^"]+)">je voorkeuren<\/a> meld je je opnieuw aan/.exec(text)?.[1],
    );
    expect(preferenceLinks[0]).toMatch(new RegExp(`^/v/${env}\\?k=`));
    expect(preferenceLinks[1]).toBe(preferenceLinks[0]);
    const preferences = await server.api<string>('GET', preferenceLinks[0]!.replaceAll('&amp;', '&'));
    expect(preferences.status).toBe(200);
    expect(preferences.text).toContain('bram@voorbeeld.nl');
    expect(preferences.text).toContain('Je bent afgemeld voor alles');
    expect(preferences.text).toContain('Opnieuw aanmelden');

    const next = await finished((await createJob()).id);
    expect(next).toMatchObject({ sentCount: 2, skippedCount: 1, recipientCount: 2 });
  });

  it('refuses forged and altered unsubscribe tokens and records nothing', async () => {
    if (!sink.accepted.some((message) => /^redactie@/i.test(message.to)))
      await finished((await createJob()).id);
    const path = linkFor(sink.accepted.find((message) => /^redactie@/i.test(message.to))!.to);
    const [id, signature] = path.slice('/u/'.length).split('.');
    const otherId = (parseInt(id, 36) + 1).toString(36);
    expect(otherSpellings(signature)).toHaveLength(15); // 128 bits in 22 characters: 4 unused
    const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1);
    for (const forged of [
      // The same signature spelled differently: its last character's 4 unused bits set.
      ...otherSpellings(signature).map((spelling) => `/u/${id}.${spelling}`),
      `/u/${otherId}.${signature}`,
      `/u/${id}.${flipped}`,
      `/u/${id}`,
      `/u/${id}.`,
      `/u/${id}.${signature}x`,
      `/u/${'x'.repeat(90)}`,
    ]) {
      const shown = await server.api<string>('GET', forged);
      expect(shown.status).toBe(400);
      expect(shown.text).toContain('Deze link werkt niet');
      const posted = await server.api<string>('POST', forged, {
        body: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(posted.status).toBe(400);
    }
    const list = await api<UnsubscriberPage>('GET', '/unsubscribers');
    expect(list.body.data.some((entry) => /^(redactie|anne)@/i.test(entry.email))).toBe(false);
  });

  it('schedules, moves and cancels a planned job; a finished job cannot be cancelled', async () => {
    const at = new Date(Date.now() + day).toISOString();
    const job = await createJob({ scheduledAt: at });
    expect(job.status).toBe('Gepland');
    expect(job.scheduledAt).toBe(at);

    const later = new Date(Date.now() + 2 * day).toISOString();
    const moved = await api<DeliveryJob>('PUT', `/deliveryjobs/${job.id}/schedule`, { scheduledAt: later });
    expect(moved.status).toBe(200);
    expect(moved.body.scheduledAt).toBe(later);
    const tooLate = await api('PUT', `/deliveryjobs/${job.id}/schedule`, {
      scheduledAt: new Date(Date.now() + 400 * day).toISOString(),
    });
    expect(tooLate).toMatchObject({ status: 400, body: { field: 'scheduledAt' } });

    const cancelled = await api<DeliveryJob>('POST', `/deliveryjobs/${job.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('Geannuleerd');
    expect((await api('POST', `/deliveryjobs/${job.id}/cancel`)).status).toBe(409);
    expect((await api('PUT', `/deliveryjobs/${job.id}/schedule`, { scheduledAt: later })).status).toBe(409);
  });

  it("keeps another environment's job out of reach", async () => {
    const job = await createJob({ scheduledAt: new Date(Date.now() + day).toISOString() });
    expect((await api('GET', `/deliveryjobs/${job.id}/recipients`, undefined, otherEnv)).status).toBe(404);
    expect((await api('POST', `/deliveryjobs/${job.id}/cancel`, undefined, otherEnv)).status).toBe(404);
    const schedule = { scheduledAt: new Date(Date.now() + day).toISOString() };
    expect((await api('PUT', `/deliveryjobs/${job.id}/schedule`, schedule, otherEnv)).status).toBe(404);
    expect((await api<DeliveryJob>('GET', `/deliveryjobs/${job.id}`)).body.status).toBe('Gepland');
  });
});
