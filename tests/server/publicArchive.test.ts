import { execFileSync } from 'node:child_process';
import { JSDOM } from 'jsdom';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicArchiveSetting } from '../../server/src/contract/publicArchive';
import type { DeliveryJob } from '../../server/src/contract/publications';
import { demoUsers, environmentIds, publicationIds, receiverIds } from '../../server/src/seed/ids';
import { startSmtpSink, type SmtpSink } from './support/smtpSink';
import { startTestServer, type ApiResponse, type TestServer, type Tokens } from './support/testServer';

// An environment's public archive and its Atom feed, through the real server and real sends: only its
// own publications that are public and were sent are listed, each opening its web version with every
// merge field at its fallback; the feed is read by an independent Atom parser (Python's feedparser) and
// holds no recipient's address or name; the setting turns both on and off.

const env = environmentIds.zuiderveen;
const otherEnv = environmentIds.cultuurhuis;
const { types, templates } = publicationIds;

interface ParsedFeed {
  bozo: boolean;
  bozoException: string | null;
  version: string;
  feed: { id: string; title: string; updated: string; links: { rel: string; href: string }[] };
  entries: { id: string; title: string; updated: string; link: string; summary: string }[];
}

/** The feed as feedparser (not this project's code) reads it. */
function parseWithFeedparser(xml: string): ParsedFeed {
  const script = `
import json, sys, feedparser
parsed = feedparser.parse(sys.stdin.read())
print(json.dumps({
  "bozo": bool(parsed.bozo),
  "bozoException": str(parsed.get("bozo_exception")) if parsed.bozo else None,
  "version": parsed.version,
  "feed": {"id": parsed.feed.get("id"), "title": parsed.feed.get("title"), "updated": parsed.feed.get("updated"),
           "links": [{"rel": l.get("rel"), "href": l.get("href")} for l in parsed.feed.get("links", [])]},
  "entries": [{"id": e.get("id"), "title": e.get("title"), "updated": e.get("updated"), "link": e.get("link"),
               "summary": e.get("summary")} for e in parsed.entries],
}))`;
  // The system's Python, where the distribution's python3-feedparser lives.
  return JSON.parse(execFileSync('/usr/bin/python3', ['-c', script], { input: xml, encoding: 'utf8' }));
}

describe('public archive and feed', () => {
  let server: TestServer;
  let sink: SmtpSink;
  let token: Tokens;
  let clientNumber = 0;
  /** Publications by role in the test. */
  const ids = { sentPublic: '', sentPrivate: '', unsentPublic: '', otherEnvironment: '' };
  /** What the sent messages carried about their recipients. */
  const recipientAddresses: string[] = [];
  const recipientNames: string[] = [];

  beforeAll(async () => {
    sink = await startSmtpSink();
    // TRUST_PROXY: each visitor speaks from its own client address, out of the rate limits' way.
    server = await startTestServer({ SMTP_URL: sink.url, DELIVERY_RETRY_DELAY_MS: '0', TRUST_PROXY: 'on' });
    token = await server.signIn(demoUsers.anne.username);
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  const api = <T>(environmentId: string, method: string, path: string, body?: unknown) =>
    server.api<T>(method, path, { token, env: environmentId, body });
  const visitor = (headers: Record<string, string> = {}) => {
    clientNumber += 1;
    return (path: string, method = 'GET') =>
      server.api<string>(method, path, {
        headers: { 'x-forwarded-for': `10.4.0.${clientNumber}`, ...headers },
      });
  };
  const documentOf = (response: ApiResponse<string>) => new JSDOM(response.text).window.document;

  async function publish(environmentId: string, id: string, body: Record<string, unknown>) {
    const saved = await api(environmentId, 'PUT', `/publications/${id}`, { isNotMarketing: false, ...body });
    expect(saved.status).toBe(200);
  }
  async function newPublication(environmentId: string, typeId: string, name: string, isPublic: boolean) {
    const created = await api<string>(environmentId, 'POST', '/publications/', {
      name,
      publicationTypeId: typeId,
    });
    expect(created.status).toBe(201);
    await publish(environmentId, created.body, { name, isPublic });
    return created.body;
  }
  async function send(environmentId: string, publicationId: string, templateId: string, audienceId: string) {
    const job = await api<DeliveryJob>(environmentId, 'POST', '/deliveryjobs', {
      publicationId,
      publicationTemplateId: templateId,
      title: 'Verspreiden',
      audienceId,
    });
    expect(job.status, JSON.stringify(job.body)).toBe(201);
    await expect
      .poll(
        async () =>
          (await api<DeliveryJob>(environmentId, 'GET', `/deliveryjobs/${job.body.id}`)).body.status,
        {
          timeout: 30_000,
          interval: 100,
        },
      )
      .toBe('Verzonden');
  }
  const setArchive = async (environmentId: string, enabled: boolean) => {
    const saved = await api<PublicArchiveSetting>(environmentId, 'PUT', '/public-archive', { enabled });
    expect(saved.status).toBe(200);
    return saved.body;
  };
  /** The publication ids the archive page links to, in order. */
  const listedIds = (page: ApiResponse<string>, environmentId: string) =>
    [...documentOf(page).querySelectorAll('.archive-list a')].map((anchor) => {
      const match = new RegExp(`^${server.url}/p/${environmentId}/([0-9a-f-]{36})$`).exec(
        anchor.getAttribute('href') ?? '',
      );
      expect(match, anchor.getAttribute('href') ?? '').not.toBeNull();
      return match![1];
    });

  it("sends a public, a non-public and another environment's publication; one public stays unsent", async () => {
    ids.sentPublic = publicationIds.publications.januaryNewsletter;
    await publish(env, ids.sentPublic, {
      name: 'Nieuwsbrief januari 2025',
      isPublic: true,
      subject: 'Nieuws voor {{firstName|iedereen}} & co',
      preheader: 'Het marktplein is klaar, {{firstName|buurtgenoot}}',
    });
    // Seeded with blocks: the February newsletter (not public) and the Cultuurhuis season opening.
    ids.sentPrivate = publicationIds.publications.februaryNewsletter;
    await publish(env, ids.sentPrivate, { name: 'Nieuwsbrief februari 2025', isPublic: false });
    ids.unsentPublic = await newPublication(env, types.zuiderveenNewsletter, 'Nog niet verstuurd', true);
    ids.otherEnvironment = publicationIds.publications.seasonOpening;
    await publish(otherEnv, ids.otherEnvironment, { name: 'Seizoensopening 2025', isPublic: true });
    await send(env, ids.sentPublic, templates.zuiderveenStandard, receiverIds.audiences.editorsTest);
    await send(env, ids.sentPrivate, templates.zuiderveenStandard, receiverIds.audiences.editorsTest);
    await send(
      otherEnv,
      ids.otherEnvironment,
      templates.cultuurhuisStandard,
      receiverIds.audiences.subscribedFriends,
    );
    for (const message of sink.accepted) {
      recipientAddresses.push(message.to);
      const html = String((await simpleParser(message.source)).html);
      const name = /Beste ([^,<]+),/.exec(html)?.[1];
      if (name && name !== 'inwoner') recipientNames.push(name);
    }
    expect(recipientAddresses.length).toBeGreaterThan(0);
    expect(recipientNames.length).toBeGreaterThan(0);
  });

  it('is off until turned on: the archive and its feed answer 404', async () => {
    const setting = await api<PublicArchiveSetting>(env, 'GET', '/public-archive');
    expect(setting.body).toEqual({
      enabled: false,
      archiveUrl: `${server.url}/a/${env}`,
      feedUrl: `${server.url}/a/${env}/feed.xml`,
    });
    expect((await visitor()(`/a/${env}`)).status).toBe(404);
    expect((await visitor()(`/a/${env}/feed.xml`)).status).toBe(404);
  });

  it("lists only its own environment's public publications that were sent, newest first, in the theme", async () => {
    expect((await setArchive(env, true)).enabled).toBe(true);
    const page = await visitor()(`/a/${env}`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const listed = listedIds(page, env);
    expect(listed).toContain(ids.sentPublic);
    expect(listed).not.toContain(ids.sentPrivate);
    expect(listed).not.toContain(ids.unsentPublic);
    expect(listed).not.toContain(ids.otherEnvironment);
    const document = documentOf(page);
    // Newest first: by the moment each was first sent.
    const sentMoments = [...document.querySelectorAll('.archive-list time')].map((time) =>
      Date.parse(time.getAttribute('datetime') ?? ''),
    );
    expect(sentMoments).toEqual([...sentMoments].sort((a, b) => b - a));
    const item = document.querySelector(`.archive-list a[href$="${ids.sentPublic}"]`)!.closest('li')!;
    // The subject with its merge fields at their fallback, the preview text below it.
    expect(item.querySelector('a')?.textContent).toBe('Nieuws voor iedereen & co');
    expect(item.textContent).toContain('Het marktplein is klaar, buurtgenoot');
    expect(document.querySelector('link[rel="alternate"]')?.getAttribute('href')).toBe(
      `${server.url}/a/${env}/feed.xml`,
    );
    expect(document.querySelector('.banner')).not.toBeNull();
    expect(document.querySelector('meta[name="robots"]')).toBeNull();
    const policy = String(page.headers['content-security-policy']);
    expect(policy).not.toContain('script');
    expect(policy).toContain("form-action 'none'");
  });

  it("another environment's archive shows its own publication, never this one's", async () => {
    await setArchive(otherEnv, true);
    const listed = listedIds(await visitor()(`/a/${otherEnv}`), otherEnv);
    expect(listed).toContain(ids.otherEnvironment);
    expect(listed).not.toContain(ids.sentPublic);
    // Another environment's publication is no web version under this environment.
    expect((await visitor()(`/p/${env}/${ids.otherEnvironment}`)).status).toBe(404);
  });

  it("opens each publication's web version without personal merge values or personal links", async () => {
    const page = await visitor()(`/a/${env}`);
    const href = documentOf(page)
      .querySelector(`.archive-list a[href$="${ids.sentPublic}"]`)!
      .getAttribute('href')!;
    const webVersion = await visitor()(new URL(href).pathname);
    expect(webVersion.status).toBe(200);
    expect(webVersion.text).toContain('Beste inwoner,');
    for (const name of recipientNames) expect(webVersion.text).not.toContain(`Beste ${name}`);
    for (const address of recipientAddresses)
      expect(webVersion.text.toLowerCase()).not.toContain(address.toLowerCase());
    expect(webVersion.text).not.toContain('/u/');
    expect(webVersion.text).not.toContain('/t/');
    expect(webVersion.text).not.toContain('{{');
  });

  it('answers with an ETag and a public cache lifetime; the same ETag gets 304; HEAD has no body', async () => {
    const page = await visitor()(`/a/${env}`);
    const etag = String(page.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(page.headers['cache-control']).toBe('public, max-age=300');
    const again = await visitor({ 'if-none-match': etag })(`/a/${env}`);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const head = await visitor()(`/a/${env}`, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers.etag).toBe(etag);
  });

  it('reads GET only, and pages beyond the last or malformed are 404', async () => {
    expect((await visitor()(`/a/${env}`, 'POST')).status).toBe(404);
    const pastTheLast = await visitor()(`/a/${env}?pagina=2`);
    expect(pastTheLast.status).toBe(404);
    // The archive exists: the page says the page does not, and leads back to the first.
    expect(pastTheLast.text).toContain('Deze pagina bestaat niet');
    expect(pastTheLast.text).toMatch(
      new RegExp(`<a href="https://[^"]+/a/${env}">Naar de eerste pagina</a>`),
    );
    expect((await visitor()(`/a/${env}?pagina=abc`)).text).toContain('Deze pagina bestaat niet');
    expect((await visitor()(`/a/${env}?pagina=0`)).status).toBe(404);
    expect((await visitor()(`/a/${env}?pagina=51`)).status).toBe(404);
    expect((await visitor()(`/a/niet-een-id`)).status).toBe(404);
  });

  it('the feed is valid Atom to feedparser, with the publication as an entry and no address or name', async () => {
    const response = await visitor()(`/a/${env}/feed.xml`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(response.headers.etag).toBeDefined();
    const feed = parseWithFeedparser(response.text);
    expect(feed.bozoException).toBeNull();
    expect(feed.bozo).toBe(false);
    expect(feed.version).toBe('atom10');
    expect(feed.feed.id).toBe(`${server.url}/a/${env}/feed.xml`);
    expect(feed.feed.title).toBe('Archief – Gemeente Zuiderveen');
    expect(Number.isNaN(Date.parse(feed.feed.updated))).toBe(false);
    expect(feed.feed.links).toEqual(
      expect.arrayContaining([
        { rel: 'self', href: `${server.url}/a/${env}/feed.xml` },
        { rel: 'alternate', href: `${server.url}/a/${env}` },
      ]),
    );
    const entryLinks = feed.entries.map((entry) => entry.link);
    const publicLink = `${server.url}/p/${env}/${ids.sentPublic}`;
    const entry = feed.entries.find((candidate) => candidate.link === publicLink)!;
    expect(entry).toMatchObject({
      id: publicLink,
      title: 'Nieuws voor iedereen & co',
      summary: 'Het marktplein is klaar, buurtgenoot',
    });
    expect(Number.isNaN(Date.parse(entry.updated))).toBe(false);
    const updated = feed.entries.map((candidate) => Date.parse(candidate.updated));
    expect(updated).toEqual([...updated].sort((a, b) => b - a));
    for (const id of [ids.sentPrivate, ids.unsentPublic, ids.otherEnvironment]) {
      expect(entryLinks.some((link) => link.includes(id))).toBe(false);
    }
    for (const address of recipientAddresses)
      expect(response.text.toLowerCase()).not.toContain(address.toLowerCase());
    for (const name of recipientNames) expect(response.text).not.toContain(name);
  });

  it('turned off again, the archive and its feed answer 404', async () => {
    expect((await setArchive(env, false)).enabled).toBe(false);
    expect((await visitor()(`/a/${env}`)).status).toBe(404);
    expect((await visitor()(`/a/${env}/feed.xml`)).status).toBe(404);
    // The other environment's stays on.
    expect((await visitor()(`/a/${otherEnv}`)).status).toBe(200);
  });
});
