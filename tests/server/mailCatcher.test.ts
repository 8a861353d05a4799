import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CaughtMessage, CaughtMessagePage, TestSendResult } from '../../server/src/contract/mail';
import type { EnvironmentInfo } from '../../server/src/contract/environment';
import { openMessageStore } from '../../server/src/mail/catcher/messageStore';
import { startSmtpCatcher } from '../../server/src/mail/catcher/smtpCatcher';
import { environmentMailHeader } from '../../server/src/mail/environmentHeader';
import { createMailer, MailSendError } from '../../server/src/mail/mailer';
import { environmentIds, publicationIds } from '../../server/src/seed/ids';
import { startTestServer, type TestServer, type Tokens } from './support/testServer';

const zuiderveen = environmentIds.zuiderveen;
const cultuurhuis = environmentIds.cultuurhuis;
const { publications, templates } = publicationIds;

interface ErrorBody {
  status: number;
  message: string;
  field?: string;
}

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});
async function temporaryFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'dpp-catcher-test-'));
  folders.push(folder);
  return folder;
}

/** A clock that moves one second per call, so every message has its own arrival time. */
function steppingClock(start = Date.UTC(2026, 0, 1)) {
  let tick = 0;
  return () => new Date(start + 1000 * tick++);
}

function rawMessage(subject: string, environmentId?: string): Buffer {
  const environment = environmentId ? `${environmentMailHeader}: ${environmentId}\r\n` : '';
  return Buffer.from(
    `From: a@example.org\r\nTo: b@example.org\r\nSubject: ${subject}\r\n${environment}` +
      'Content-Type: text/plain; charset=utf-8\r\n\r\nHallo\r\n',
  );
}

describe('catcher storage', () => {
  it('keeps at most the bound, removing the oldest first', async () => {
    const directory = await temporaryFolder();
    const store = await openMessageStore({ directory, maxStoredMessages: 10, now: steppingClock() });
    for (let index = 1; index <= 25; index++) {
      await store.save(rawMessage(`Bericht ${index}`, zuiderveen), zuiderveen);
      expect((await readdir(directory)).length).toBeLessThanOrEqual(10);
    }
    const page = await store.list(zuiderveen, 0, 250);
    expect(page.total).toBe(page.data.length);
    expect(page.data[0].subject).toBe('Bericht 25');
    // Newest first, without gaps: only the oldest went.
    expect(page.data.map((message) => message.subject)).toEqual(
      Array.from({ length: page.total }, (_, index) => `Bericht ${25 - index}`),
    );
  });

  it('writes through a temporary file and removes a crash leftover on opening', async () => {
    const directory = await temporaryFolder();
    await writeFile(path.join(directory, '.incoming-000000000000001-abcdefabcdef'), 'half a mess');
    const store = await openMessageStore({ directory, maxStoredMessages: 10 });
    const id = await store.save(rawMessage('Heel'), undefined);
    expect(await readdir(directory)).toEqual([`${id}.platform.eml`]);
  });

  it('pages newest first and reads headers, text and html', async () => {
    const directory = await temporaryFolder();
    const store = await openMessageStore({ directory, maxStoredMessages: 100, now: steppingClock() });
    for (let index = 1; index <= 5; index++)
      await store.save(rawMessage(`Bericht ${index}`, zuiderveen), zuiderveen);
    const page = await store.list(zuiderveen, 1, 2);
    expect(page).toMatchObject({ total: 5, data: [{ subject: 'Bericht 4' }, { subject: 'Bericht 3' }] });
    const message = await store.read(zuiderveen, page.data[0].id);
    expect(message).toMatchObject({ subject: 'Bericht 4', text: 'Hallo\n', html: null, to: 'b@example.org' });
    expect(message?.headers).toContainEqual({ name: environmentMailHeader, value: zuiderveen });
    expect(message?.receivedAt).toBe('2026-01-01T00:00:03.000Z');
  });

  it('finds messages by recipient or subject, ignoring case, and pages what it found', async () => {
    const directory = await temporaryFolder();
    const store = await openMessageStore({ directory, maxStoredMessages: 100, now: steppingClock() });
    for (let index = 1; index <= 4; index++)
      await store.save(rawMessage(`Bericht ${index}`, zuiderveen), zuiderveen);
    await store.save(
      Buffer.from(
        `From: a@example.org\r\nTo: Welkom@Voorbeeld.nl\r\nSubject: Welkom\r\n${environmentMailHeader}: ${zuiderveen}\r\n\r\nHoi\r\n`,
      ),
      zuiderveen,
    );
    expect((await store.list(zuiderveen, 0, 250, 'welkom@voorbeeld')).data.map((m) => m.to)).toEqual([
      'Welkom@Voorbeeld.nl',
    ]);
    expect(await store.list(zuiderveen, 1, 2, 'BERICHT')).toMatchObject({
      total: 4,
      data: [{ subject: 'Bericht 3' }, { subject: 'Bericht 2' }],
    });
    expect((await store.list(cultuurhuis, 0, 250, 'bericht')).total).toBe(0);
  });

  it('refuses a message over the size bound with 552, permanently', async () => {
    const directory = await temporaryFolder();
    const store = await openMessageStore({ directory, maxStoredMessages: 10 });
    const catcher = await startSmtpCatcher({ port: 0, maxMessageBytes: 2048 }, store);
    const mailer = createMailer({ url: catcher.url });
    try {
      const message = {
        from: 'a@example.org',
        to: 'b@example.org',
        subject: 'Groot',
        html: '',
        text: 'x'.repeat(10_000),
      };
      const error = await mailer.send(message).then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(MailSendError);
      expect(error).toMatchObject({ responseCode: 552, temporary: false });
      await mailer.send({ ...message, text: 'klein' });
      expect(await readdir(directory)).toHaveLength(1);
    } finally {
      await mailer.close();
      await catcher.close();
    }
  });
});

describe('catcher and test send through the API', () => {
  let server: TestServer;
  let anne: Tokens;
  let bram: Tokens;

  beforeAll(async () => {
    server = await startTestServer();
    [anne, bram] = await Promise.all([
      server.signIn('anne@voorbeeld.nl'),
      server.signIn('bram@voorbeeld.nl'),
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  const testSend = (
    body: unknown,
    env: string = zuiderveen,
    publication: string = publications.januaryNewsletter,
    token = anne,
  ) =>
    server.api<TestSendResult | ErrorBody>('POST', `/publications/${publication}/test-sends`, {
      token,
      env,
      body,
    });
  const list = (env: string, token = anne) =>
    server.api<CaughtMessagePage | ErrorBody>('GET', '/mail-catcher/messages', { token, env });

  it('tells the console the catcher is on', async () => {
    const info = await server.api<EnvironmentInfo>('GET', '/api/1/environment/info');
    expect(info.body.mailCatcher).toBe(true);
  });

  it('sends a test to typed addresses; it arrives, marked as a test, readable in the catcher', async () => {
    const response = await testSend({
      templateId: templates.zuiderveenStandard,
      addresses: [' proef@voorbeeld.nl ', 'PROEF@voorbeeld.nl', 'tweede@voorbeeld.nl'],
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      results: [
        { address: 'proef@voorbeeld.nl', sent: true },
        { address: 'tweede@voorbeeld.nl', sent: true },
      ],
    });
    const page = (await list(zuiderveen)).body as CaughtMessagePage;
    const arrived = page.data.filter((message) => message.subject === '[TEST] Nieuwsbrief januari 2025');
    expect(arrived.map((message) => message.to).sort()).toEqual([
      'proef@voorbeeld.nl',
      'tweede@voorbeeld.nl',
    ]);
    const read = await server.api<CaughtMessage>('GET', `/mail-catcher/messages/${arrived[0].id}`, {
      token: anne,
      env: zuiderveen,
    });
    expect(read.status).toBe(200);
    expect(read.body.html).toContain('Nieuwsbrief januari 2025');
    expect(read.body.text).toContain('Gemeente Zuiderveen');
    expect(read.body.html).not.toContain('{{');
    expect(read.body.headers).toContainEqual({ name: environmentMailHeader, value: zuiderveen });
    expect(read.body.from).toMatch(/Digitaal publicatie platform.*<noreply@example.org>/);
  });

  it('shows an environment only its own messages', async () => {
    const sent = await testSend(
      { templateId: templates.cultuurhuisStandard, addresses: ['cultuur@voorbeeld.nl'] },
      cultuurhuis,
      publications.seasonOpening,
    );
    expect(sent.status).toBe(200);
    const cultuurhuisPage = (await list(cultuurhuis)).body as CaughtMessagePage;
    expect(cultuurhuisPage.data.map((message) => message.to)).toEqual(['cultuur@voorbeeld.nl']);
    const zuiderveenPage = (await list(zuiderveen)).body as CaughtMessagePage;
    expect(zuiderveenPage.data.map((message) => message.to)).not.toContain('cultuur@voorbeeld.nl');
    // Another environment's message is as absent as an unknown one, also when asked by id.
    const foreignId = cultuurhuisPage.data[0].id;
    const asked = await server.api<ErrorBody>('GET', `/mail-catcher/messages/${foreignId}`, {
      token: anne,
      env: zuiderveen,
    });
    expect(asked.status).toBe(404);
    // Bram is no member of the Cultuurhuis: neither its list nor its test send.
    expect((await list(cultuurhuis, bram)).status).toBe(403);
  });

  it('refuses bad test sends with 400 naming the field, in Dutch', async () => {
    const cases: Array<[unknown, string, RegExp]> = [
      [
        { templateId: templates.zuiderveenStandard, addresses: ['geen-adres'] },
        'addresses',
        /'geen-adres' is geen geldig e-mailadres/,
      ],
      [{ templateId: templates.zuiderveenStandard, addresses: [] }, 'addresses', /minstens 1/],
      [
        {
          templateId: templates.zuiderveenStandard,
          addresses: Array.from({ length: 11 }, (_, index) => `p${index}@voorbeeld.nl`),
        },
        'addresses',
        /hoogstens 10/,
      ],
      [{ addresses: ['proef@voorbeeld.nl'] }, 'templateId', /verplicht/],
      [
        { templateId: templates.cultuurhuisStandard, addresses: ['proef@voorbeeld.nl'] },
        'templateId',
        /template/,
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await testSend(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toMatchObject({ field });
      expect((response.body as ErrorBody).message).toMatch(message);
    }
    // Another environment's publication is not found.
    const foreign = await testSend(
      { templateId: templates.cultuurhuisStandard, addresses: ['proef@voorbeeld.nl'] },
      zuiderveen,
      publications.seasonOpening,
    );
    expect(foreign.status).toBe(404);
  });

  it('limits test sends per member and minute', async () => {
    const body = { templateId: templates.zuiderveenReminder, addresses: ['limiet@voorbeeld.nl'] };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      statuses.push((await testSend(body, zuiderveen, publications.newYearReception, bram)).status);
    }
    expect(statuses).toContain(429);
    // Another member is not held back by Bram's sends.
    expect((await testSend(body, zuiderveen, publications.newYearReception, anne)).status).toBe(200);
  });
});

describe('with a real SMTP server', () => {
  it('sends there, answers 502 naming a refused address, and offers no catcher', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('weiger@')) {
          return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        }
        callback();
      },
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          received.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    const server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const token = await server.signIn('anne@voorbeeld.nl');
      const sent = await server.api<ErrorBody>(
        'POST',
        `/publications/${publications.januaryNewsletter}/test-sends`,
        {
          token,
          env: zuiderveen,
          body: {
            templateId: templates.zuiderveenStandard,
            addresses: ['goed@voorbeeld.nl', 'weiger@voorbeeld.nl'],
          },
        },
      );
      expect(sent.status).toBe(502);
      expect(sent.body.message).toMatch(/niet aangenomen voor weiger@voorbeeld\.nl \(.*550.*\)/);
      expect(sent.body.message).toContain('Wel verstuurd naar: goed@voorbeeld.nl');
      expect(received).toEqual(['goed@voorbeeld.nl']);

      const response = await server.api<ErrorBody>('GET', '/mail-catcher/messages', {
        token,
        env: zuiderveen,
      });
      expect(response.status).toBe(404);
      expect(response.body.message).toContain('testmailbox');
      expect((await server.api<EnvironmentInfo>('GET', '/api/1/environment/info')).body.mailCatcher).toBe(
        false,
      );
    } finally {
      await server.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
