import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { DeliveryJob } from '../../server/src/contract/publications';
import type { SenderSettings } from '../../server/src/contract/sending';
import { openDatabase } from '../../server/src/db/client';
import { dkimKeys, sendingDomains } from '../../server/src/db/schema';
import { decryptPrivateKey } from '../../server/src/sending/keyEncryption';
import { demoUsers, environmentIds, publicationIds, receiverIds } from '../../server/src/seed/ids';
import { startDnsStub } from './support/dnsStub';
import { freePort } from './support/freePort';
import { httpsRequest } from './support/https';
import { authHeaders } from './support/mediaRequests';
import { exitWithin, spawnServer, waitForHealth } from './support/serverProcess';
import { signInWithCode } from './support/signIn';
import { startSmtpSink } from './support/smtpSink';
import { prepareMigratedDatabase } from './support/migratedDatabase';

// A DKIM private key never leaves the server: not in any API answer, not in the server's log. The server
// runs as its own process at LOG_LEVEL=debug, every call about the sender and its domain is made (sending
// and a test send among them, a refused one too), and then the keys are read from the database, decrypted,
// and looked for in everything the server said.

const env = environmentIds.zuiderveen;
const domain = 'zuiderveen.test';

describe('DKIM private keys stay inside the server', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('appear in no API answer and no log line', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-dkim-secrets-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const database = await prepareMigratedDatabase(dataDir);
    if (database) cleanups.push(() => database.drop());
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    const dns = await startDnsStub();
    cleanups.push(() => dns.close());

    const port = await freePort();
    const origin = `https://localhost:${port}`;
    const server = spawnServer({
      PORT: String(port),
      HOST: 'localhost',
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'no-console-build'),
      DATABASE_URL: database?.url ?? '',
      SMTP_URL: sink.url,
      DNS_RESOLVER: dns.address,
      LOG_LEVEL: 'debug',
    });
    cleanups.push(async () => {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
    });
    await waitForHealth(server, origin, dataDir);
    const ca = await readFile(path.join(dataDir, 'tls', 'localhost-cert.pem'), 'utf8');
    const info = JSON.parse(
      (await httpsRequest({ method: 'GET', url: `${origin}/api/1/environment/info`, ca })).text,
    ) as { clientId: string; authority: string; apiScope: string };
    const { accessToken } = await signInWithCode({ url: origin, ca, ...info }, demoUsers.anne.username);
    const answers: string[] = [];
    const call = async <T>(method: string, apiPath: string, body?: unknown) => {
      const response = await httpsRequest({
        method,
        url: `${origin}/api/1/${env}${apiPath}`,
        ca,
        headers: {
          ...authHeaders(accessToken, env),
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      answers.push(response.text);
      return { status: response.status, body: (response.text ? JSON.parse(response.text) : null) as T };
    };

    await call('GET', '/sender');
    await call('POST', '/sender/domain/check');
    const set = await call<SenderSettings>('PUT', '/sender/domain', { domain });
    for (const record of set.body.domain!.records) dns.setTxt(record.name, [record.value]);
    await call('PUT', '/sender', { senderName: 'Gemeente Zuiderveen', senderAddress: 'nieuws@elders.test' });
    const testSend = {
      addresses: ['anne@voorbeeld.nl'],
      templateId: publicationIds.templates.zuiderveenStandard,
    };
    const testSendPath = `/publications/${publicationIds.publications.januaryNewsletter}/test-sends`;
    expect((await call('POST', testSendPath, testSend)).status).toBe(409);
    await call('PUT', '/sender', { senderAddress: `nieuws@${domain}` });
    expect((await call<SenderSettings>('POST', '/sender/domain/check')).body.domain!.verified).toBe(true);
    const job = await call<DeliveryJob>('POST', '/deliveryjobs', {
      publicationId: publicationIds.publications.januaryNewsletter,
      publicationTemplateId: publicationIds.templates.zuiderveenStandard,
      title: 'Verspreiden van Nieuwsbrief januari 2025',
      audienceId: receiverIds.audiences.editorsTest,
    });
    await expect
      .poll(async () => (await call<DeliveryJob>('GET', `/deliveryjobs/${job.body.id}`)).body.status, {
        timeout: 30_000,
        interval: 200,
      })
      .toBe('Verzonden');
    expect((await call('POST', testSendPath, testSend)).status).toBe(200);
    await call('POST', '/sender/domain/rotate');
    await call('GET', '/sender');
    expect(sink.accepted.length).toBe(4);

    server.child.kill('SIGTERM');
    const { output } = await exitWithin(server, 30_000);
    // The log did get written at debug level: the check would prove nothing over an empty log.
    expect(output).toContain('/sender/domain/check');

    const opened = await openDatabase({ dataDir, databaseUrl: database?.url });
    const stored = await opened.db
      .select({ encrypted: dkimKeys.encryptedPrivateKey })
      .from(dkimKeys)
      .innerJoin(sendingDomains, eq(sendingDomains.id, dkimKeys.domainId));
    const keys = await Promise.all(stored.map((row) => decryptPrivateKey(opened.db, row.encrypted)));
    await opened.close();
    // The domain's first key and the rotated one (the seed's went with the demo domain).
    expect(keys.length).toBe(2);

    const said = [...answers, output, ...sink.accepted.map((message) => message.source)];
    for (const text of said) expect(text).not.toContain('PRIVATE KEY');
    for (const [index, pem] of keys.entries()) {
      expect(pem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
      // Every line of the key's base64 (64 characters each) stands on its own: no part of it may show.
      const lines = pem.split('\n').filter((line) => line && !line.startsWith('-----'));
      expect(lines.length).toBeGreaterThan(20);
      for (const line of lines)
        for (const text of said) expect(text.includes(line), `key ${index}`).toBe(false);
      // Nor the encrypted form.
      for (const text of answers) expect(text).not.toContain(stored[index].encrypted.split('.')[2]);
    }
    // A server process of its own and about thirty calls: 54–66 s at load 20 on two cores, over the
    // default 60 s; bounded like the other process tests.
  }, 180_000);
});
