import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliverCheck } from '../../server/src/contract/publications';
import type { SenderSettings } from '../../server/src/contract/sending';
import { demoUsers, environmentIds, publicationIds, receiverIds } from '../../server/src/seed/ids';
import { startTestServer, type TestServer, type Tokens } from './support/testServer';

// A sender address on another domain than the sending domain fails DMARC alignment wherever the mail
// goes: it is named when saved and blocks sending, also while the development catcher receives the
// mail (which otherwise accepts any sender, verified or not).

const env = environmentIds.zuiderveen;

describe('a sender address on another domain than the sending domain, with the mail catcher', () => {
  let server: TestServer;
  let token: Tokens;

  beforeAll(async () => {
    server = await startTestServer();
    token = await server.signIn(demoUsers.anne.username);
  });
  afterAll(async () => {
    await server?.close();
  });

  const api = <T>(method: string, path: string, body?: unknown) =>
    server.api<T>(method, path, { token, env, body });
  const check = () =>
    api<DeliverCheck>(
      'GET',
      `/publications/${publicationIds.publications.januaryNewsletter}/deliver-check?audienceId=${receiverIds.audiences.editorsTest}&templateId=${publicationIds.templates.zuiderveenStandard}`,
    );

  it('names the mismatch when saved and blocks sending; an address on the domain sends to the catcher', async () => {
    const saved = await api<SenderSettings>('PUT', '/sender', { senderAddress: 'nieuws@zuiderveen.nl' });
    expect(saved.status).toBe(200);
    expect(saved.body.catcher).toBe(true);
    expect(saved.body.readiness).toBe(
      'Het afzenderadres nieuws@zuiderveen.nl hoort niet bij het verzenddomein zuiderveen.example. Kies een adres op zuiderveen.example of stel zuiderveen.nl in als verzenddomein.',
    );
    expect((await check()).body.blockers).toContainEqual(
      expect.objectContaining({ code: 'senderNotReady', field: 'sender' }),
    );

    const aligned = await api<SenderSettings>('PUT', '/sender', {
      senderAddress: 'nieuws@zuiderveen.example',
    });
    expect(aligned.body.readiness).toBeNull();
    expect((await check()).body.blockers.map((blocker) => blocker.code)).not.toContain('senderNotReady');
  });

  it('explains the DNS records without the names of server settings', async () => {
    const settings = (await api<SenderSettings>('GET', '/sender')).body;
    const notes = settings.domain!.records.map((record) => record.note ?? '').join(' ');
    expect(notes).toContain('SPF-record');
    expect(notes).not.toMatch(/\b[A-Z]+_[A-Z_]+\b/);
  });
});
