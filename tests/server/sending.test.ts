import { Resolver } from 'node:dns/promises';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryJob } from '../../server/src/contract/publications';
import type { SenderSettings } from '../../server/src/contract/sending';
import type { UnsubscriberPage } from '../../server/src/contract/receivers';
import { demoUsers, environmentIds, publicationIds, receiverIds } from '../../server/src/seed/ids';
import { startDnsStub, type DnsStub } from './support/dnsStub';
import { startSmtpSink, type SmtpSink, type SunkMessage } from './support/smtpSink';
import { startTestServer, type TestServer, type Tokens } from './support/testServer';

// The sender, the sending domain and DKIM through the real server: mail goes to an SMTP sink (a real mail
// server, not the development catcher, so an unverified sender is refused), DNS to a local stub the test
// fills, and every signature is checked by mailauth, an independent DKIM verifier, over the message exactly
// as the SMTP server received it, with the public key looked up in the stub.

const env = environmentIds.zuiderveen;
const domain = 'zuiderveen.test';
const spfInclude = 'spf.mailprovider.test';

describe('sender and sending domain through the server', () => {
  let server: TestServer;
  let sink: SmtpSink;
  let dns: DnsStub;
  let token: Tokens;
  let resolver: Resolver;

  beforeAll(async () => {
    sink = await startSmtpSink();
    dns = await startDnsStub();
    server = await startTestServer({
      SMTP_URL: sink.url,
      DNS_RESOLVER: dns.address,
      SPF_INCLUDE: spfInclude,
      DELIVERY_RETRY_DELAY_MS: '0',
    });
    token = await server.signIn(demoUsers.anne.username);
    resolver = new Resolver();
    resolver.setServers([dns.address]);
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
    await dns?.close();
  });

  const api = <T>(method: string, path: string, body?: unknown) =>
    server.api<T>(method, path, { token, env, body });
  const sender = async () => (await api<SenderSettings>('GET', '/sender')).body;
  const recordOf = (settings: SenderSettings, kind: 'dkim' | 'spf' | 'dmarc') =>
    settings.domain!.records.find((record) => record.kind === kind)!;
  const createJob = async () => {
    const response = await api<DeliveryJob>('POST', '/deliveryjobs', {
      publicationId: publicationIds.publications.januaryNewsletter,
      publicationTemplateId: publicationIds.templates.zuiderveenStandard,
      title: 'Verspreiden van Nieuwsbrief januari 2025',
      audienceId: receiverIds.audiences.editorsTest,
    });
    expect(response.status).toBe(201);
    return response.body;
  };
  const refusedJob = async () => {
    const response = await api<{ field?: string; message: string }>('POST', '/deliveryjobs', {
      publicationId: publicationIds.publications.januaryNewsletter,
      publicationTemplateId: publicationIds.templates.zuiderveenStandard,
      title: 'Verspreiden van Nieuwsbrief januari 2025',
      audienceId: receiverIds.audiences.editorsTest,
    });
    expect(response.status).toBe(400);
    return response.body;
  };
  const ended = async (jobId: string) => {
    await expect
      .poll(async () => (await api<DeliveryJob>('GET', `/deliveryjobs/${jobId}`)).body.status, {
        timeout: 30_000,
        interval: 100,
      })
      .toMatch(/^(Verzonden|Mislukt)$/);
    return (await api<DeliveryJob>('GET', `/deliveryjobs/${jobId}`)).body;
  };
  /** mailauth's verdict on a message as the sink received it, the key looked up in the DNS stub. */
  const verify = (message: SunkMessage) =>
    dkimVerify(Buffer.from(message.source), {
      resolver: (name: string, type: string) => resolver.resolve(name, type as 'TXT'),
    });
  const publishAll = (settings: SenderSettings) => {
    for (const record of settings.domain!.records)
      if (record.kind !== 'spf') dns.setTxt(record.name, [record.value]);
    dns.setTxt(domain, [`v=spf1 include:${spfInclude} ~all`, 'google-site-verification=abc']);
  };

  it('refuses bad sender addresses and domain names with a 400 naming the field', async () => {
    const cases: [string, unknown, string][] = [
      ['/sender', { senderAddress: 'nieuws@' }, 'senderAddress'],
      ['/sender', { senderAddress: 'geen adres' }, 'senderAddress'],
      ['/sender', { replyToAddress: 'antwoord@zuiderveen' }, 'replyToAddress'],
      ['/sender', { senderName: 'Naam <nep@elders.nl>' }, 'senderName'],
      ['/sender', { senderName: 'Regel\r\nBcc: x@y.nl' }, 'senderName'],
      ['/sender/domain', { domain: 'zuiderveen' }, 'domain'],
      ['/sender/domain', { domain: '127.0.0.1' }, 'domain'],
      ['/sender/domain', { domain: 'https://zuiderveen.nl/' }, 'domain'],
      ['/sender/domain', { domain: '-zuiderveen.nl' }, 'domain'],
      ['/sender/domain', { domain: '' }, 'domain'],
      ['/sender/domain', { domain: `${'a'.repeat(64)}.nl` }, 'domain'],
    ];
    for (const [path, body, field] of cases) {
      const response = await api<{ status: number; field: string; message: string }>('PUT', path, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.field).toBe(field);
      expect(response.body.message).toMatch(/[a-z]/);
    }
    const settings = await sender();
    expect(settings.senderAddress).toBeNull();
    // The demo's own domain is still there: nothing bad was stored.
    expect(settings.domain?.domain).toBe('zuiderveen.example');
  });

  it("shows the demo domain's records, and its check fails saying the name does not exist", async () => {
    const settings = (await api<SenderSettings>('POST', '/sender/domain/check')).body;
    expect(settings.domain).toMatchObject({ domain: 'zuiderveen.example', verified: false });
    const dkim = recordOf(settings, 'dkim');
    expect(dkim.name).toMatch(/^dpp\d{6}[0-9a-f]{4}\._domainkey\.zuiderveen\.example$/);
    expect(dkim.check).toMatchObject({ status: 'missing' });
    expect(dkim.check!.message).toContain('bestaat niet in DNS');
  });

  it('keeps one domain with one key when two domains are chosen at the same moment', async () => {
    const answers = await Promise.all(
      ['gelijktijdig-a.test', 'gelijktijdig-b.test'].map((name) =>
        api<SenderSettings>('PUT', '/sender/domain', { domain: name }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const settings = await sender();
    expect(['gelijktijdig-a.test', 'gelijktijdig-b.test']).toContain(settings.domain!.domain);
    const dkim = settings.domain!.records.filter((record) => record.kind === 'dkim');
    expect(dkim).toHaveLength(1);
    expect(dkim[0].name.endsWith(`._domainkey.${settings.domain!.domain}`)).toBe(true);
  });

  it('checks each record: missing, wrong and right, and verifies the domain only when all are right', async () => {
    const set = await api<SenderSettings>('PUT', '/sender/domain', { domain: ' Zuiderveen.TEST. ' });
    expect(set.status).toBe(200);
    const settings = set.body;
    expect(settings.domain).toMatchObject({ domain, verified: false, checkedAt: null });
    const dkim = recordOf(settings, 'dkim');
    expect(dkim.value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]{300,}$/);
    expect(recordOf(settings, 'spf')).toMatchObject({
      name: domain,
      value: `v=spf1 include:${spfInclude} ~all`,
    });
    expect(recordOf(settings, 'dmarc')).toMatchObject({
      name: `_dmarc.${domain}`,
      value: 'v=DMARC1; p=none',
    });

    // Nothing in DNS yet.
    let checked = (await api<SenderSettings>('POST', '/sender/domain/check')).body;
    expect(checked.domain!.verified).toBe(false);
    for (const record of checked.domain!.records) expect(record.check?.status).toBe('missing');
    expect(recordOf(checked, 'dmarc').check!.message).toContain('_dmarc.zuiderveen.test');

    // Wrong: another key, an SPF record without the provider, a DMARC record without a policy.
    const otherKey = dkim.value.replace(/(p=.{60}).{8}/, (_, start: string) =>
      start.concat(start.endsWith('AAAAAAAA') ? 'BBBBBBBB' : 'AAAAAAAA'),
    );
    expect(otherKey).not.toBe(dkim.value);
    dns.setTxt(dkim.name, [otherKey]);
    dns.setTxt(domain, ['v=spf1 mx ~all']);
    dns.setTxt(`_dmarc.${domain}`, ['v=DMARC1; rua=mailto:d@zuiderveen.test']);
    checked = (await api<SenderSettings>('POST', '/sender/domain/check')).body;
    expect(checked.domain!.verified).toBe(false);
    expect(recordOf(checked, 'dkim').check).toMatchObject({ status: 'wrong' });
    expect(recordOf(checked, 'dkim').check!.message).toContain('andere sleutel');
    expect(recordOf(checked, 'spf').check).toMatchObject({ status: 'wrong' });
    expect(recordOf(checked, 'spf').check!.message).toContain(`include:${spfInclude}`);
    expect(recordOf(checked, 'dmarc').check).toMatchObject({ status: 'wrong' });

    // Two SPF records are wrong too.
    dns.setTxt(domain, [`v=spf1 include:${spfInclude} ~all`, 'v=spf1 mx -all']);
    checked = (await api<SenderSettings>('POST', '/sender/domain/check')).body;
    expect(recordOf(checked, 'spf').check!.message).toContain('maar één');

    // Right (the DKIM key split in 255-byte strings, as DNS carries it).
    publishAll(settings);
    checked = (await api<SenderSettings>('POST', '/sender/domain/check')).body;
    for (const record of checked.domain!.records) expect(record.check).toMatchObject({ status: 'ok' });
    expect(checked.domain!.verified).toBe(true);
    expect(checked.domain!.checkedAt).not.toBeNull();

    // A record removed later makes the domain unverified again.
    dns.setTxt(`_dmarc.${domain}`, []);
    checked = (await api<SenderSettings>('POST', '/sender/domain/check')).body;
    expect(checked.domain!.verified).toBe(false);
    publishAll(settings);
    expect((await api<SenderSettings>('POST', '/sender/domain/check')).body.domain!.verified).toBe(true);
  });

  it('refuses to send from an address whose domain is not verified, with a Dutch reason', async () => {
    // An address on another domain than the verified one.
    const saved = await api<SenderSettings>('PUT', '/sender', {
      senderName: 'Gemeente Zuiderveen',
      senderAddress: 'nieuws@elders.test',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.readiness).toContain('hoort niet bij het verzenddomein zuiderveen.test');
    // The pre-send check names it as a blocker, and the job is refused before it exists.
    const check = await api<{ blockers: Array<{ code: string; message: string }> }>(
      'GET',
      `/publications/${publicationIds.publications.januaryNewsletter}/deliver-check?audienceId=${receiverIds.audiences.editorsTest}&templateId=${publicationIds.templates.zuiderveenStandard}`,
    );
    expect(check.body.blockers).toContainEqual(
      expect.objectContaining({
        code: 'senderNotReady',
        message: expect.stringContaining('nieuws@elders.test'),
      }),
    );
    const refused = await refusedJob();
    expect(refused.field).toBe('sender');
    expect(refused.message).toContain('nieuws@elders.test');

    const test = await api<{ message: string }>(
      'POST',
      `/publications/${publicationIds.publications.januaryNewsletter}/test-sends`,
      { addresses: ['anne@voorbeeld.nl'], templateId: publicationIds.templates.zuiderveenStandard },
    );
    expect(test.status).toBe(409);
    expect(test.body.message).toContain('hoort niet bij het verzenddomein');

    // On the domain, but the domain not verified (its DMARC record gone).
    await api<SenderSettings>('PUT', '/sender', { senderAddress: `nieuws@${domain}` });
    dns.setTxt(`_dmarc.${domain}`, []);
    await api('POST', '/sender/domain/check');
    expect((await sender()).readiness).toContain('nog niet gecontroleerd');
    const unverified = await refusedJob();
    expect(unverified.message).toContain(`Het verzenddomein ${domain} is nog niet gecontroleerd`);
    expect(sink.accepted).toHaveLength(0);
  });

  it('signs every message with DKIM over its sender, recipient and unsubscribe headers, verified independently', async () => {
    const settings = (
      await api<SenderSettings>('PUT', '/sender', {
        senderName: 'Gemeente Zuiderveen',
        senderAddress: `nieuws@${domain}`,
        replyToAddress: `redactie@${domain}`,
      })
    ).body;
    publishAll(settings);
    const checked = (await api<SenderSettings>('POST', '/sender/domain/check')).body;
    expect(checked.readiness).toBeNull();
    expect(checked.from).toBe(`Gemeente Zuiderveen <nieuws@${domain}>`);

    const job = await ended((await createJob()).id);
    expect(job).toMatchObject({ status: 'Verzonden', sentCount: 3 });
    expect(sink.accepted).toHaveLength(3);
    const selector = recordOf(checked, 'dkim').name.split('.')[0];
    for (const message of sink.accepted) {
      const result = await verify(message);
      expect(result.results).toHaveLength(1);
      const [signature] = result.results;
      expect(signature.status.result, signature.status.comment).toBe('pass');
      expect(signature.signingDomain).toBe(domain);
      expect(signature.selector).toBe(selector);
      expect(signature.status.aligned).toBe(domain);
      const signed = signature
        .signingHeaders!.keys.toLowerCase()
        .split(':')
        .map((name) => name.trim());
      for (const header of [
        'from',
        'to',
        'subject',
        'date',
        'message-id',
        'list-unsubscribe',
        'list-unsubscribe-post',
        'reply-to',
      ])
        expect(signed).toContain(header);

      expect(message.headers.from).toBe(`"Gemeente Zuiderveen" <nieuws@${domain}>`);
      expect(message.headers['reply-to']).toBe(`redactie@${domain}`);
      expect(message.headers['message-id']).toMatch(new RegExp(`^<${job.id}\\.\\d+@zuiderveen\\.test>$`));
      // A per-message bounce address on the sending domain (VERP).
      expect(message.from).toMatch(/^bounce\+[0-9a-z]+-[0-9a-f]{16}@zuiderveen\.test$/);
    }
    expect(new Set(sink.accepted.map((message) => message.from)).size).toBe(3);
    const toAnne = sink.accepted.find((message) => message.to === 'anne@voorbeeld.nl')!;
    expect(toAnne.headers.to).toBe(`"${demoUsers.anne.name}" <anne@voorbeeld.nl>`);

    // The signature breaks when a signed header is changed on the way: the verifier is really checking.
    const altered = {
      ...toAnne,
      source: toAnne.source.replace(
        /^List-Unsubscribe: <[^>]+>/m,
        'List-Unsubscribe: <https://elders.test/u/x>',
      ),
    };
    expect(altered.source).not.toBe(toAnne.source);
    expect((await verify(altered)).results[0].status.result).toBe('fail');
  });

  it("uses a publication's own sender name instead of the environment's", async () => {
    const publication = publicationIds.publications.januaryNewsletter;
    const current = (await api<Record<string, unknown>>('GET', `/publications/${publication}`)).body;
    const saved = await api<{ senderName: string | null }>('PUT', `/publications/${publication}`, {
      name: current.name,
      isNotMarketing: current.isNotMarketing,
      isPublic: current.isPublic,
      senderName: 'Wethouder Jansen',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.senderName).toBe('Wethouder Jansen');
    const bad = await api<{ field: string }>('PUT', `/publications/${publication}`, {
      ...current,
      senderName: 'X <y@z.nl>',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('senderName');

    const before = sink.accepted.length;
    await ended((await createJob()).id);
    const sent = sink.accepted.slice(before);
    expect(sent.length).toBeGreaterThan(0);
    for (const message of sent) expect(message.headers.from).toBe(`"Wethouder Jansen" <nieuws@${domain}>`);
    await api('PUT', `/publications/${publication}`, { ...current, senderName: null });
  });

  it('rotates the key: the old one signs until the new record is found, then stays listed for a week', async () => {
    const before = await sender();
    const oldRecord = recordOf(before, 'dkim');
    const rotated = (await api<SenderSettings>('POST', '/sender/domain/rotate')).body;
    const dkimRecords = rotated.domain!.records.filter((record) => record.kind === 'dkim');
    expect(dkimRecords).toHaveLength(2);
    const newRecord = dkimRecords.find((record) => record.name !== oldRecord.name)!;
    expect(newRecord.note).toContain('Nieuwe sleutel');
    // Still verified and signing with the old key while the new record is not published.
    expect(rotated.domain!.verified).toBe(true);

    dns.setTxt(newRecord.name, [newRecord.value]);
    const checked = (await api<SenderSettings>('POST', '/sender/domain/check')).body;
    expect(checked.domain!.verified).toBe(true);
    const old = checked.domain!.records.find((record) => record.name === oldRecord.name)!;
    expect(old.note).toContain('Vorige sleutel');
    const week = Date.parse(old.keepUntil!) - Date.parse(checked.domain!.checkedAt!);
    expect(week).toBe(7 * 24 * 60 * 60 * 1000);

    const sentBefore = sink.accepted.length;
    await ended((await createJob()).id);
    const [message] = sink.accepted.slice(sentBefore);
    const [signature] = (await verify(message)).results;
    expect(signature.status.result).toBe('pass');
    expect(signature.selector).toBe(newRecord.name.split('.')[0]);
  });

  it('accepts the one-click unsubscribe as form-encoded and as multipart/form-data (RFC 8058)', async () => {
    const linkOf = (address: string) => {
      const message = [...sink.accepted].reverse().find((candidate) => candidate.to === address)!;
      return /^<https:\/\/[^/]+(\/u\/[^>]+)>$/.exec(message.headers['list-unsubscribe'])![1];
    };
    const boundary = '----dpp-test-boundary';
    const multipart = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="List-Unsubscribe"',
      '',
      'One-Click',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const formats: [string, string, string][] = [
      ['bram@voorbeeld.nl', 'application/x-www-form-urlencoded', 'List-Unsubscribe=One-Click'],
      ['redactie@zuiderveen.example.nl', `multipart/form-data; boundary=${boundary}`, multipart],
    ];
    for (const [address, contentType, body] of formats) {
      const response = await server.api<string>('POST', linkOf(address), {
        body,
        headers: { 'content-type': contentType },
      });
      expect(response.status, contentType).toBe(200);
      expect(response.text).toContain('Je bent uitgeschreven');
    }
    const unsubscribers = (await api<UnsubscriberPage>('GET', '/unsubscribers')).body.data.map((entry) =>
      entry.email.toLowerCase(),
    );
    expect(unsubscribers).toEqual(
      expect.arrayContaining(['bram@voorbeeld.nl', 'redactie@zuiderveen.example.nl']),
    );
    // A body beyond 1 KB is still refused, in either format.
    const large = await server.api<string>('POST', linkOf('anne@voorbeeld.nl'), {
      body: `--${boundary}\r\n${'x'.repeat(2048)}\r\n--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(large.status).toBe(413);
  });

  it("gives a test message a working unsubscribe link for the tester's own address, marked as a test", async () => {
    const tester = 'tester@voorbeeld.nl';
    const before = sink.accepted.length;
    const sent = await api(
      'POST',
      `/publications/${publicationIds.publications.januaryNewsletter}/test-sends`,
      {
        addresses: [tester],
        templateId: publicationIds.templates.zuiderveenStandard,
      },
    );
    expect(sent.status).toBe(200);
    const [message] = sink.accepted.slice(before);
    expect(message.headers.subject).toMatch(/^\[TEST\]/);
    expect((await verify(message)).results[0].status.result).toBe('pass');
    const link = /^<https:\/\/[^/]+(\/u\/t\?k=[^>]+)>$/.exec(message.headers['list-unsubscribe'])![1];
    // The body's unsubscribe link is the same working link, not '#'.
    const parsed = await simpleParser(message.source);
    expect(parsed.html).toContain(link.replace(/&/g, '&amp;'));
    expect(parsed.html).not.toContain('href="#"');

    const page = await server.api<string>('GET', link);
    expect(page.status).toBe(200);
    expect(page.text).toContain('testbericht');
    expect(page.text).toContain(tester);
    // The second-last character: the last one of 16 bytes in base64 carries only padding bits.
    const forged = await server.api<string>(
      'GET',
      link.replace(/.(.)$/, (_, last: string) => `${link.at(-2) === 'A' ? 'B' : 'A'}${last}`),
    );
    expect(forged.status).toBe(400);

    const posted = await server.api<string>('POST', link, {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(posted.status).toBe(200);
    const unsubscribers = (await api<UnsubscriberPage>('GET', '/unsubscribers')).body.data;
    expect(unsubscribers.some((entry) => entry.email.toLowerCase() === tester)).toBe(true);
  });

  it("gives a test message of a publication that is not public a working 'Bekijk in je browser' link", async () => {
    const created = await api<string>('POST', '/publications/', {
      name: 'Nog niet openbaar',
      publicationTypeId: publicationIds.types.zuiderveenNewsletter,
    });
    const publicationId = created.body;
    const before = sink.accepted.length;
    const sent = await api('POST', `/publications/${publicationId}/test-sends`, {
      addresses: ['tester@voorbeeld.nl'],
      templateId: publicationIds.templates.zuiderveenStandard,
    });
    expect(sent.status).toBe(200);
    const parsed = await simpleParser(sink.accepted.slice(before)[0].source);
    const html = String(parsed.html);
    expect(html).not.toContain('href="#"');
    const link = new RegExp(
      `href="https://[^/"]+(/p/${env}/${publicationId}/[^"]+)"[^>]*>Bekijk in je browser`,
    ).exec(html)?.[1];
    expect(link).toBeDefined();
    expect(parsed.text).toContain(link);
    const page = await server.api<string>('GET', link!);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Gemeente Zuiderveen');
    // The link is signed: altered, it shows nothing.
    const altered = await server.api<string>(
      'GET',
      link!.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')),
    );
    expect(altered.status).toBe(404);
  });
});
