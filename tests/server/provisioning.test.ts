import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../server/src/admin/commands';
import { lockDataDirectory } from '../../server/src/db/lock';
import { environmentIds } from '../../server/src/seed/ids';
import { copyPgliteTemplate } from './support/pgliteTemplate';
import { createTestDatabase, type TestDatabase } from './support/testDatabase';
import { startTestServer, type TestServer } from './support/testServer';

const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/**
 * The database of this run: PGlite, or PostgreSQL when TEST_DATABASE_URL is set. The suite runs on
 * both (`npm test`, `npm run test:server`), so the PostgreSQL run need not repeat the PGlite one.
 */
const databases: Array<[string, () => Promise<TestDatabase | undefined>]> = process.env.TEST_DATABASE_URL
  ? [['PostgreSQL', () => createTestDatabase(process.env.TEST_DATABASE_URL as string)]]
  : [['PGlite', async () => undefined]];

// Each command opens the database as `npm run admin` does (on PGlite: the WebAssembly build anew), seven
// in a row: a few seconds each on a quiet machine, more than the default minute at load 15.
describe.each(databases)('npm run admin on %s', { timeout: 240_000 }, (_name, createDatabase) => {
  let dataDir: string;
  let database: TestDatabase | undefined;
  let env: NodeJS.ProcessEnv;
  const admin = (...argv: string[]) => runAdminCommand(argv, env);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-admin-'));
    database = await createDatabase();
    if (!database) await copyPgliteTemplate(dataDir);
    env = { NODE_ENV: 'production', DATA_DIR: dataDir, ...(database && { DATABASE_URL: database.url }) };
  });
  afterAll(async () => {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates an environment with its theme, adds, lists and removes members', async () => {
    expect(await admin('list-environments')).toEqual([expect.stringMatching(/No environments yet/)]);
    const [created] = await admin('create-environment', '--name', 'Gemeente Noord', '--color', '#123456');
    expect(created).toMatch(/^Created environment .+ "Gemeente Noord" \(default\)\.$/);
    const environmentId = uuid.exec(created)?.[0] as string;

    expect(
      await admin('add-member', '--environment', environmentId, '--email', 'Sara@Noord.example'),
    ).toEqual([`sara@noord.example is a member of ${environmentId} (invited; the first sign-in claims it).`]);
    await admin(
      'add-member',
      '--environment',
      environmentId,
      '--object-id',
      '00000000-aaaa-bbbb-cccc-000000000001',
    );
    const members = await admin('list-members', '--environment', environmentId);
    expect(members).toHaveLength(2);
    expect(members.join('\n')).toMatch(/sara@noord\.example {2}\(invited, not signed in yet\)/);
    expect(await admin('list-environments')).toEqual([
      `${environmentId}  Gemeente Noord  (2 members)  default`,
    ]);

    await admin('remove-member', '--environment', environmentId, '--email', 'sara@noord.example');
    await admin(
      'remove-member',
      '--environment',
      environmentId,
      '--object-id',
      '00000000-aaaa-bbbb-cccc-000000000001',
    );
    expect(await admin('list-members', '--environment', environmentId)).toEqual(['No members yet.']);
  });

  it('names what is wrong: unknown environment, missing option, bad colour, unknown command', async () => {
    await expect(admin('add-member', '--environment', 'nope', '--email', 'a@b.example')).rejects.toThrow(
      'De omgeving is niet gevonden.',
    );
    await expect(admin('create-environment')).rejects.toThrow(/--name is required/);
    await expect(admin('create-environment', '--name', 'X', '--color', 'red')).rejects.toThrow(/kleur/);
    await expect(admin('launch-rockets')).rejects.toThrow(/Unknown command 'launch-rockets'/);
  });
});

describe('npm run admin next to a running server on the embedded database', () => {
  it('says the server holds the database and what to use instead, and changes nothing', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-admin-locked-'));
    const lock = lockDataDirectory(dataDir);
    try {
      await expect(
        runAdminCommand(['list-environments'], {
          DATA_DIR: dataDir,
          PUBLIC_URL: 'https://console.example.org',
        }),
      ).rejects.toThrow(
        /A running server \(process \d+\) holds the embedded database .*\(https:\/\/console\.example\.org\/api\/1\/platform\/environments/,
      );
      expect(await readdir(dataDir)).toEqual(['server.lock']);
    } finally {
      lock.release();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("names the running server's own address, not the one this shell's settings would make", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-admin-locked-'));
    const lock = lockDataDirectory(dataDir, 'https://nieuwsbrief.gemeente.example:8443');
    try {
      // The admin shell has no PUBLIC_URL or PORT: its own default would be https://localhost:<default port>.
      const refusal = runAdminCommand(['list-environments'], { DATA_DIR: dataDir });
      await expect(refusal).rejects.toThrow(
        /open https:\/\/nieuwsbrief\.gemeente\.example:8443\/platform\/environments, or call its API \(https:\/\/nieuwsbrief\.gemeente\.example:8443\/api\/1\//,
      );
      await expect(refusal).rejects.not.toThrow(/localhost/);
    } finally {
      lock.release();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('platform administrators named in PLATFORM_ADMINS', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PLATFORM_ADMINS: 'Anne@Voorbeeld.nl, 0000-oid' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lets a listed address manage environments and refuses anyone else with 403', async () => {
    const anne = await server.signIn('anne@voorbeeld.nl');
    const listed = await server.api<Array<{ name: string; memberCount: number }>>(
      'GET',
      '/api/1/platform/environments',
      {
        token: anne,
      },
    );
    expect(listed.status).toBe(200);
    expect(listed.body.length).toBeGreaterThanOrEqual(3);
    const bram = await server.signIn('bram@voorbeeld.nl');
    expect((await server.api('GET', '/api/1/platform/environments', { token: bram })).status).toBe(403);
  });

  it('answers the console inside its environment scope the same way, still only for administrators', async () => {
    const env = environmentIds.zuiderveen;
    const anne = await server.signIn('anne@voorbeeld.nl');
    const members = await server.api<Array<{ username: string }>>(
      'GET',
      `/platform/environments/${environmentIds.cultuurhuis}/members`,
      { token: anne, env },
    );
    expect(members.status).toBe(200);
    expect(members.body.map((member) => member.username)).toContain('anne@voorbeeld.nl');
    expect((await server.api('GET', '/platform/me', { token: anne, env })).body).toEqual({
      platformAdmin: true,
      role: 'administrator',
    });
    const bram = await server.signIn('bram@voorbeeld.nl');
    const refused = await server.api('POST', '/platform/environments', {
      token: bram,
      env,
      body: { name: 'X' },
    });
    expect(refused.status).toBe(403);
    expect((await server.api('GET', '/platform/me', { token: bram, env })).body).toEqual({
      platformAdmin: false,
      role: 'administrator',
    });
  });
});
