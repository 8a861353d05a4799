import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config';
import { freePort } from './support/freePort';
import { copyPgliteTemplate } from './support/pgliteTemplate';
import { exitWithin, spawnedServerTimeout, spawnServer, waitForHealth } from './support/serverProcess';

// Where mail goes, decided at start: SMTP_URL, else the embedded catcher outside production, else nowhere
// (production), said at start-up.

describe('mail settings', () => {
  it('runs the catcher outside production without SMTP_URL, and SMTP_URL everywhere it is set', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).mail.transport).toMatchObject({
      kind: 'catcher',
      catcher: { port: 0, maxStoredMessages: 1000 },
    });
    expect(
      loadConfig({ SMTP_CATCHER_PORT: '2525', SMTP_CATCHER_MAX_MESSAGES: '5' }).mail.transport,
    ).toMatchObject({
      kind: 'catcher',
      catcher: { port: 2525, maxStoredMessages: 5 },
    });
    const smtpUrl = 'smtp://user:secret@smtp.example.org:587';
    expect(loadConfig({ SMTP_URL: smtpUrl }).mail.transport).toEqual({ kind: 'smtp', url: smtpUrl });
    expect(
      loadConfig({ NODE_ENV: 'production', EMBEDDED_IDENTITY: 'on', SMTP_URL: smtpUrl }).mail.transport,
    ).toEqual({ kind: 'smtp', url: smtpUrl });
    expect(loadConfig({ SMTP_CATCHER: 'off' }).mail.transport.kind).toBe('none');
  });

  it('sends nothing in production without SMTP_URL, and says why', () => {
    const transport = loadConfig({ NODE_ENV: 'production', EMBEDDED_IDENTITY: 'on' }).mail.transport;
    expect(transport).toMatchObject({ kind: 'none', reason: expect.stringMatching(/SMTP_URL is not set/) });
  });

  it('defaults the sender per run mode and checks MAIL_FROM', () => {
    expect(loadConfig({}).mail.from).toBe('Digitaal publicatie platform <noreply@example.org>');
    expect(
      loadConfig({
        NODE_ENV: 'production',
        EMBEDDED_IDENTITY: 'on',
        PUBLIC_URL: 'https://console.gemeente.nl',
      }).mail.from,
    ).toBe('Digitaal publicatie platform <noreply@console.gemeente.nl>');
    expect(loadConfig({ MAIL_FROM: 'Nieuwsbrief <nieuws@gemeente.nl>' }).mail.from).toBe(
      'Nieuwsbrief <nieuws@gemeente.nl>',
    );
    expect(() => loadConfig({ MAIL_FROM: 'geen adres' })).toThrow(/MAIL_FROM/);
  });

  it('refuses an SMTP_URL that is no SMTP URL, without printing its password', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://user:secret@mail.example.org' })).toThrow(/smtp:\/\//);
    expect(() => loadConfig({ SMTP_URL: 'http://user:secret@mail.example.org' })).not.toThrow(/secret/);
    expect(() => loadConfig({ SMTP_CATCHER_PORT: '70000' })).toThrow(/SMTP_CATCHER_PORT/);
  });
});

describe('start-up in production without SMTP_URL', () => {
  it('starts, and says clearly that mail cannot be sent', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-mail-start-'));
    try {
      // The suite's migrated database instead of an initdb at start.
      await copyPgliteTemplate(dataDir);
      const port = await freePort();
      const server = spawnServer({
        NODE_ENV: 'production',
        EMBEDDED_IDENTITY: 'on',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: 'localhost',
      });
      await waitForHealth(server, `https://localhost:${port}`, dataDir);
      server.child.kill('SIGTERM');
      const exit = await exitWithin(server, 30_000);
      expect(exit.output).toContain('Mail cannot be sent: SMTP_URL is not set');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, spawnedServerTimeout);
});
