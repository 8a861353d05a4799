import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsReport, RecipientResultPage } from '../../server/src/contract/analytics';
import type { DeliveryJob } from '../../server/src/contract/publications';
import type { RsvpSummary } from '../../server/src/contract/rsvp';
import { demoUsers, environmentIds, publicationIds, receiverIds } from '../../server/src/seed/ids';
import { startSmtpSink, type SmtpSink, type SunkMessage } from './support/smtpSink';
import { startTestServer, type TestServer, type Tokens } from './support/testServer';

// Measurement through the real server: each 'Meten' mode as the delivered message shows it, the public
// pixel and click endpoints (tampered tokens, HEAD, no-store), and the analytics calls agreeing.

const env = environmentIds.zuiderveen;
const otherEnv = environmentIds.cultuurhuis;
const publicationId = publicationIds.publications.januaryNewsletter;
const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe('analytics: opens, clicks and the measuring modes', () => {
  let server: TestServer;
  let sink: SmtpSink;
  let token: Tokens;

  beforeAll(async () => {
    sink = await startSmtpSink({ keepSource: true });
    // No scanner window: the test clicks right after sending, as a reader who is quick.
    server = await startTestServer({
      SMTP_URL: sink.url,
      DELIVERY_RETRY_DELAY_MS: '0',
      ANALYTICS_SCANNER_SECONDS: '0',
    });
    token = await server.signIn(demoUsers.anne.username);
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  const api = <T>(method: string, path: string, body?: unknown, inEnv: string = env) =>
    server.api<T>(method, path, { token, env: inEnv, body });

  const setMode = async (mode: string | null, legalBasis: string | null = null) => {
    const response = await api('PUT', `/publications/${publicationId}/measuring`, { mode, legalBasis });
    expect(response.status).toBe(200);
  };

  /** Sends the newsletter to the editors' test audience (3 addresses) and answers the job and its messages. */
  const send = async () => {
    const before = sink.accepted.length;
    const created = await api<DeliveryJob>('POST', '/deliveryjobs', {
      publicationId,
      publicationTemplateId: publicationIds.templates.zuiderveenStandard,
      title: 'Verspreiden van Nieuwsbrief januari 2025',
      audienceId: receiverIds.audiences.editorsTest,
    });
    expect(created.status).toBe(201);
    await expect
      .poll(async () => (await api<DeliveryJob>('GET', `/deliveryjobs/${created.body.id}`)).body.status, {
        timeout: 30_000,
        interval: 100,
      })
      .toBe('Verzonden');
    const messages = sink.accepted.slice(before);
    expect(messages).toHaveLength(3);
    return { jobId: created.body.id, messages };
  };

  const htmlOf = async (message: SunkMessage) => String((await simpleParser(message.source)).html);
  const trackingPaths = (html: string, kind: 'o' | 'c') =>
    [...html.matchAll(new RegExp(`https://[^/"]+(/t/${kind}/[^"]+)"`, 'g'))].map((match) => match[1]);

  const report = async (jobId?: string) => {
    const response = await server.api<AnalyticsReport>('GET', `/publications/${publicationId}/analytics`, {
      token,
      env,
      query: { jobId },
    });
    expect(response.status).toBe(200);
    return response.body;
  };

  it("'Uit': the message has no pixel and its links point straight at the sites", async () => {
    await setMode('Uit');
    const { jobId, messages } = await send();
    const html = await htmlOf(messages[0]);
    expect(html).not.toContain('/t/o/');
    expect(html).not.toContain('/t/c/');
    expect(html).toContain('href="https://www.zuiderveen.nl/marktplein"');
    expect((await report(jobId)).opens).toEqual({ unique: 0, total: 0, machine: 0 });
  });

  it("'Alleen totalen' (default): counts opens and clicks without any recipient id in the links or the results", async () => {
    await setMode(null);
    const { jobId, messages } = await send();
    const html = await htmlOf(messages[0]);
    const [pixel] = trackingPaths(html, 'o');
    const clicks = trackingPaths(html, 'c');
    expect(pixel).toMatch(/^\/t\/o\/[^/]+\.gif$/);
    expect(clicks.length).toBeGreaterThan(0);
    // Unsubscribe and web-version links (the platform's own pages) are never wrapped.
    expect(html).toMatch(/href="https:\/\/[^"]+\/u\//);
    // The message key in every token is the anonymous kind (byte 22 is 0), never a recipient row id.
    for (const path of [pixel, ...clicks]) {
      const payload = Buffer.from(path.split('/')[3].replace('.gif', '').split('.')[0], 'base64url');
      expect(payload[22]).toBe(0);
    }

    const opened = await server.api('GET', pixel, { headers: { 'user-agent': browser } });
    expect(opened.status).toBe(200);
    expect(opened.headers['content-type']).toBe('image/gif');
    expect(opened.headers['cache-control']).toContain('no-store');
    await server.api('GET', pixel, { headers: { 'user-agent': browser } });
    const clicked = await server.api('GET', clicks[0], { headers: { 'user-agent': browser } });
    expect(clicked.status).toBe(302);
    expect(clicked.headers['cache-control']).toContain('no-store');
    expect(clicked.headers.location).toBe('https://www.zuiderveen.nl/marktplein');

    await expect
      .poll(async () => (await report(jobId)).clicks.total, { timeout: 10_000, interval: 100 })
      .toBe(1);
    const result = await report(jobId);
    expect(result.mode).toBe('Alleen totalen');
    expect(result.opens).toEqual({ unique: 1, total: 2, machine: 0 });
    expect(result.clicks).toEqual({ unique: 1, total: 1, machine: 0 });
    expect(result.links).toEqual([{ url: 'https://www.zuiderveen.nl/marktplein', unique: 1, total: 1 }]);
    // The chart counts the same events as the tiles.
    expect(result.series.reduce((sum, point) => sum + point.opens, 0)).toBe(2);
    expect(result.series.reduce((sum, point) => sum + point.clicks, 0)).toBe(1);
    expect(result).toMatchObject({ sent: 3, delivered: 3, bounces: 0 });
    // No personal results exist in this mode.
    expect((await api(`GET`, `/publications/${publicationId}/analytics/recipients`)).status).toBe(404);
  });

  it('answers a tampered pixel with the GIF and records nothing; a tampered click is 404; HEAD records nothing', async () => {
    await setMode(null);
    const { jobId, messages } = await send();
    const html = await htmlOf(messages[1]);
    const [pixel] = trackingPaths(html, 'o');
    const [click] = trackingPaths(html, 'c');
    const tamper = (path: string) => {
      const at = path.lastIndexOf('.') - 3;
      return `${path.slice(0, at)}${path[at] === 'A' ? 'B' : 'A'}${path.slice(at + 1)}`;
    };
    const forgedPixel = await server.api('GET', tamper(pixel), { headers: { 'user-agent': browser } });
    expect(forgedPixel.status).toBe(200);
    expect(forgedPixel.headers['content-type']).toBe('image/gif');
    const forgedClick = await server.api('GET', tamper(click), { headers: { 'user-agent': browser } });
    expect(forgedClick.status).toBe(404);
    expect(forgedClick.headers.location).toBeUndefined();
    expect((await server.api('HEAD', pixel, { headers: { 'user-agent': browser } })).status).toBe(200);
    const head = await server.api('HEAD', click, { headers: { 'user-agent': browser } });
    expect(head.status).toBe(302);

    // A genuine open afterwards shows the writer ran; only it was counted.
    await server.api('GET', pixel, { headers: { 'user-agent': browser } });
    await expect
      .poll(async () => (await report(jobId)).opens.total, { timeout: 10_000, interval: 100 })
      .toBe(1);
    expect((await report(jobId)).clicks.total).toBe(0);
  });

  it("classifies Apple's proxy and Gmail's prefetch as machine opens, Google's image proxy and a bot's click apart", async () => {
    await setMode(null);
    const { jobId, messages } = await send();
    const html = await htmlOf(messages[2]);
    const [pixel] = trackingPaths(html, 'o');
    const [click] = trackingPaths(html, 'c');
    await server.api('GET', pixel, { headers: { 'user-agent': 'Mozilla/5.0' } });
    await server.api('GET', pixel, {
      headers: {
        'user-agent':
          'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)',
      },
    });
    await server.api('GET', click, {
      headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
    });
    await expect
      .poll(async () => (await report(jobId)).clicks.machine, { timeout: 10_000, interval: 100 })
      .toBe(1);
    const result = await report(jobId);
    expect(result.opens).toEqual({ unique: 1, total: 1, machine: 1 });
    expect(result.clicks).toEqual({ unique: 0, total: 0, machine: 1 });
  });

  it("'Per persoon' needs a legal basis and shows recipients; pseudonymised shows labels; the CSV agrees", async () => {
    const refused = await api<{ message: string }>('PUT', `/publications/${publicationId}/measuring`, {
      mode: 'Per persoon',
      legalBasis: null,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      field: 'legalBasis',
      message: expect.stringContaining('Rechtsgrond'),
    });
    // A publication cannot measure more than its environment.
    const laxer = await api<{ message: string }>('PUT', `/publications/${publicationId}/measuring`, {
      mode: 'Per persoon',
      legalBasis: 'Toestemming',
    });
    expect(laxer.status).toBe(400);
    expect(laxer.body).toMatchObject({ field: 'mode', message: expect.stringMatching(/^Meten: /) });
    const environmentMode = await api('PUT', '/measuring', {
      mode: 'Per persoon',
      legalBasis: 'Toestemming van de abonnees (AVG art. 6 lid 1a).',
    });
    expect(environmentMode.status).toBe(200);
    await setMode(null);
    const { jobId, messages } = await send();
    const bram = messages.find((message) => /^bram@/i.test(message.to))!;
    const html = await htmlOf(bram);
    await server.api('GET', trackingPaths(html, 'o')[0], { headers: { 'user-agent': browser } });
    await server.api('GET', trackingPaths(html, 'c')[1], { headers: { 'user-agent': browser } });
    await expect
      .poll(async () => (await report(jobId)).clicks.total, { timeout: 10_000, interval: 100 })
      .toBe(1);

    const recipients = await server.api<RecipientResultPage>(
      'GET',
      `/publications/${publicationId}/analytics/recipients`,
      { token, env, query: { jobId } },
    );
    expect(recipients.status).toBe(200);
    expect(recipients.body).toEqual({
      data: [expect.objectContaining({ recipient: expect.stringMatching(/^bram@/i), opens: 1, clicks: 1 })],
      total: 1,
    });
    // The page size is the API's one bound.
    const tooMany = await server.api('GET', `/publications/${publicationId}/analytics/recipients`, {
      token,
      env,
      query: { jobId, limit: '251' },
    });
    expect(tooMany.status).toBe(400);
    const csv = await server.api<string>('GET', `/publications/${publicationId}/analytics/recipients/csv`, {
      token,
      env,
      query: { jobId },
    });
    expect(csv.status).toBe(200);
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Ontvanger;Geopend;Geklikt;Eerst geopend;Bounce');
    expect(lines.slice(1).map((line) => line.split(';').slice(0, 3))).toEqual([
      [expect.stringMatching(/^bram@/i), '1', '1'],
    ]);
    const result = await report(jobId);
    expect(result.opens.total).toBe(1);
    expect(result.clicks.total).toBe(1);

    await setMode('Per persoon gepseudonimiseerd');
    const labelled = await server.api<RecipientResultPage>(
      'GET',
      `/publications/${publicationId}/analytics/recipients`,
      { token, env, query: { jobId } },
    );
    expect(labelled.body.data.map((row) => row.recipient)).toEqual([
      expect.stringMatching(/^Lezer [0-9a-f]{10}$/),
    ]);
    await setMode('Alleen totalen');
    expect((await api('GET', `/publications/${publicationId}/analytics/recipients`)).status).toBe(404);
    await setMode(null);
    expect((await api('PUT', '/measuring', { mode: 'Alleen totalen', legalBasis: null })).status).toBe(200);
  });

  it("an invitation's page has its RSVP counts, the same as its RSVP page; another publication has none", async () => {
    const invitation = publicationIds.publications.residentsEvening;
    const report = await api<AnalyticsReport>('GET', `/publications/${invitation}/analytics`);
    expect(report.status).toBe(200);
    const summary = await api<RsvpSummary>('GET', `/publications/${invitation}/rsvp/summary`);
    expect(summary.status).toBe(200);
    const { yes, no, maybe, noAnswer } = summary.body;
    expect(yes + no + maybe).toBeGreaterThan(0);
    expect(report.body.rsvp).toEqual({ yes, no, maybe, noAnswer });

    const newsletter = await api<AnalyticsReport>('GET', `/publications/${publicationId}/analytics`);
    expect(newsletter.body.rsvp).toBeNull();
  });

  it("keeps another environment's publication and settings out of reach", async () => {
    const other = await api('GET', `/publications/${publicationId}/analytics`, undefined, otherEnv);
    expect(other.status).toBe(404);
    const otherMode = await api(
      'PUT',
      `/publications/${publicationId}/measuring`,
      { mode: 'Uit', legalBasis: null },
      otherEnv,
    );
    expect(otherMode.status).toBe(404);
  });
});
