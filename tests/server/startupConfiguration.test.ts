import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { dutiesOf } from '../../server/src/background/backgroundWork';
import { loadConfig } from '../../server/src/config';
import { freePort } from './support/freePort';
import { prepareSeededDatabase } from './support/seededTemplate';
import { exitWithin, spawnServer, waitForHealth } from './support/serverProcess';

const entraSettings = {
  IDENTITY_CLIENT_ID: '11111111-2222-3333-4444-555555555555',
  IDENTITY_AUDIENCE: '11111111-2222-3333-4444-555555555555',
  API_SCOPE: 'api://11111111-2222-3333-4444-555555555555/access_as_user',
};

describe('deciding production', () => {
  it('reads NODE_ENV without case and refuses values it would have to guess about', () => {
    expect(loadConfig({ NODE_ENV: 'PRODUCTION', EMBEDDED_IDENTITY: 'on' }).production).toBe(true);
    expect(loadConfig({ NODE_ENV: 'Test' }).production).toBe(false);
    expect(loadConfig({}).nodeEnv).toBe('development');
    for (const ambiguous of ['prod', 'staging', 'productie', 'production ish']) {
      expect(() => loadConfig({ NODE_ENV: ambiguous }), ambiguous).toThrow(
        /NODE_ENV must be 'production', 'development' or 'test'/,
      );
    }
  });

  it('refuses on/off settings it does not understand instead of reading them as off', () => {
    expect(loadConfig({ NODE_ENV: 'production', EMBEDDED_IDENTITY: 'ON' }).embeddedIdentityAllowed).toBe(
      true,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', EMBEDDED_IDENTITY: 'yes please' })).toThrow(
      /EMBEDDED_IDENTITY must be 'on' or 'off'/,
    );
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });
});

describe('recognising Microsoft Entra ID', () => {
  it('takes every Microsoft sign-in host for Entra ID, with User.Read as extra scope', () => {
    for (const authority of [
      'https://login.microsoftonline.com/tenant/v2.0',
      'https://login.microsoft.com/tenant/v2.0',
      'https://login.microsoftonline.us/tenant/v2.0',
      'https://login.chinacloudapi.cn/tenant/v2.0',
      'https://contoso.ciamlogin.com/tenant/v2.0',
    ]) {
      const identity = loadConfig({ IDENTITY_AUTHORITY: authority, ...entraSettings }).externalIdentity;
      expect(identity, authority).toMatchObject({ protocol: 'entra', extraScopes: ['User.Read'] });
    }
  });

  it('treats any other host as generic OpenID Connect without extra scopes, unless configured', () => {
    const keycloak = { IDENTITY_AUTHORITY: 'https://sso.example.org/realms/dpp', ...entraSettings };
    expect(loadConfig(keycloak).externalIdentity).toMatchObject({ protocol: 'oidc', extraScopes: [] });
    expect(
      loadConfig({ ...keycloak, IDENTITY_PROTOCOL: 'Entra', IDENTITY_EXTRA_SCOPES: 'User.Read, email' })
        .externalIdentity,
    ).toMatchObject({ protocol: 'entra', extraScopes: ['User.Read', 'email'] });
    expect(() => loadConfig({ ...keycloak, IDENTITY_PROTOCOL: 'saml' })).toThrow(/IDENTITY_PROTOCOL/);
    expect(() => loadConfig({ ...keycloak, IDENTITY_AUTHORITY: 'http://sso.example.org' })).toThrow(/https/);
  });
});

describe('refusing a configuration before anything is written', () => {
  let parent: string;
  beforeAll(async () => {
    parent = await mkdtemp(path.join(tmpdir(), 'dpp-startup-'));
  });
  afterAll(async () => {
    await rm(parent, { recursive: true, force: true });
  });

  const cases: Array<[string, Record<string, string>, RegExp]> = [
    ['production with the embedded sign-in', { NODE_ENV: 'Production' }, /EMBEDDED_IDENTITY=on/],
    ['an ambiguous NODE_ENV', { NODE_ENV: 'prod' }, /NODE_ENV must be/],
    [
      'half an external provider',
      { NODE_ENV: 'production', IDENTITY_AUTHORITY: 'https://login.microsoftonline.com/t/v2.0' },
      /missing: IDENTITY_CLIENT_ID/,
    ],
    [
      'the mail catcher in production',
      { NODE_ENV: 'production', EMBEDDED_IDENTITY: 'on', SMTP_CATCHER: 'on' },
      /SMTP_CATCHER=on is refused/,
    ],
  ];

  it.each(cases)(
    'exits on %s without creating the data directory, lock, certificate or database',
    async (_name, env, message) => {
      const dataDir = path.join(parent, `data-${Math.random().toString(36).slice(2)}`);
      const exit = await exitWithin(spawnServer({ ...env, DATA_DIR: dataDir, PORT: '0' }), 60_000);
      expect(exit.code).toBe(1);
      expect(exit.output).toMatch(message);
      await expect(readdir(dataDir)).rejects.toMatchObject({ code: 'ENOENT' });
    },
  );
});

describe('background duties at start', () => {
  it('the server takes every duty, with DELIVERY_WORKER=off those that send nothing; a worker takes every one', () => {
    const names = (role: 'server' | 'worker', worker: string) =>
      dutiesOf(role, loadConfig({ DELIVERY_WORKER: worker })).map((duty) => duty.name);
    const all = [
      'delivery',
      'rsvp-outbox',
      'sign-up-outbox',
      'sign-up-upkeep',
      'analytics-rollup',
      'ab-test-decisions',
      'rsvp-upkeep',
      'privacy-retention',
      'log-retention',
      'bounce-listener',
      'journeys',
    ];
    expect(names('server', 'on')).toEqual(all);
    expect(names('server', 'off')).toEqual([
      'sign-up-upkeep',
      'analytics-rollup',
      'ab-test-decisions',
      'rsvp-upkeep',
      'privacy-retention',
      'log-retention',
      'bounce-listener',
      'journeys',
    ]);
    expect(names('worker', 'off')).toEqual(all);
  });

  it("prints the duties it runs and the bounce listener's address, where the listener answers", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-startup-output-'));
    try {
      await prepareSeededDatabase(dataDir);
      const [port, bouncePort] = [await freePort(), await freePort()];
      const server = spawnServer({
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: 'localhost',
        DELIVERY_WORKER: 'off',
        BOUNCE_SMTP_PORT: String(bouncePort),
      });
      await waitForHealth(server, `https://localhost:${port}`, dataDir);
      const banner = await new Promise<string>((resolve, reject) => {
        const socket = connect(bouncePort, '127.0.0.1');
        socket.once('data', (data) => {
          resolve(data.toString());
          socket.destroy();
        });
        socket.once('error', reject);
      });
      expect(banner).toMatch(/^220 .*bounces and complaints only/);
      server.child.kill('SIGTERM');
      const { output } = await exitWithin(server, 20_000);
      expect(output).toContain(
        '  Background duties in this process: sign-up-upkeep, analytics-rollup, ab-test-decisions, rsvp-upkeep, privacy-retention, log-retention, bounce-listener, journeys.\n',
      );
      expect(output).toContain(
        `  Bounce listener (SMTP) at 127.0.0.1:${bouncePort}: point the MX's bounce+* mail here.\n`,
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
