import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AdapterFactory } from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../server/src/db/client';
import { databaseStorage } from '../../server/src/identity/databaseStorage';
import { withRefreshTokenReuseGrace } from '../../server/src/identity/refreshTokenReuseGrace';
import { prepareMigratedDatabase } from './support/migratedDatabase';
import type { TestDatabase } from './support/testDatabase';

describe("the embedded provider's storage in the database", () => {
  let dataDir: string;
  let testDatabase: TestDatabase | undefined;
  let database: OpenDatabase;
  /** The storage's clock, in milliseconds; tests move it forward. */
  let clock = Date.now();
  let storage: AdapterFactory;
  const seconds = (s: number) => (clock += s * 1000);
  const id = (name: string) => `${name}-${Math.random().toString(36).slice(2)}`;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-identity-storage-'));
    testDatabase = await prepareMigratedDatabase(dataDir);
    database = await openDatabase({ dataDir, databaseUrl: testDatabase?.url });
    storage = databaseStorage(database.db, () => clock);
  });
  afterAll(async () => {
    await database?.close();
    await testDatabase?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('finds what it keeps by id, uid and user code, until it expires', async () => {
    const sessions = storage('Session');
    const sessionId = id('session');
    await sessions.upsert(sessionId, { uid: `uid-${sessionId}`, accountId: 'anne@voorbeeld.nl' }, 60);
    expect(await sessions.find(sessionId)).toMatchObject({ accountId: 'anne@voorbeeld.nl' });
    expect(await sessions.findByUid(`uid-${sessionId}`)).toMatchObject({ accountId: 'anne@voorbeeld.nl' });
    // Another model's artifact with the same id is another artifact.
    expect(await storage('Grant').find(sessionId)).toBeUndefined();

    const codes = storage('DeviceCode');
    const codeId = id('device');
    await codes.upsert(codeId, { userCode: `CODE-${codeId}`, grantId: 'g0' }, 60);
    expect(await codes.findByUserCode(`CODE-${codeId}`)).toMatchObject({ grantId: 'g0' });

    seconds(61);
    expect(await sessions.find(sessionId)).toBeUndefined();
    expect(await codes.findByUserCode(`CODE-${codeId}`)).toBeUndefined();
  });

  it('replaces an artifact saved again, and destroys it', async () => {
    const sessions = storage('Session');
    const sessionId = id('session');
    await sessions.upsert(sessionId, { accountId: 'anne@voorbeeld.nl' }, 60);
    await sessions.upsert(sessionId, { accountId: 'bram@voorbeeld.nl' }, 60);
    expect(await sessions.find(sessionId)).toEqual({ accountId: 'bram@voorbeeld.nl' });
    await sessions.destroy(sessionId);
    expect(await sessions.find(sessionId)).toBeUndefined();
  });

  it('marks a use with the time of the first one', async () => {
    const codes = storage('AuthorizationCode');
    const codeId = id('code');
    await codes.upsert(codeId, { grantId: 'g1' }, 60);
    expect((await codes.find(codeId))?.consumed).toBeUndefined();
    await codes.consume(codeId);
    const firstUse = (await codes.find(codeId))?.consumed;
    expect(firstUse).toBe(Math.floor(clock / 1000));
    seconds(10);
    await codes.consume(codeId);
    expect((await codes.find(codeId))?.consumed).toBe(firstUse);
  });

  it('revokes every artifact of a grant, whatever its model', async () => {
    const grantId = id('grant');
    const [tokenId, codeId, otherId] = [id('rt'), id('code'), id('rt')];
    await storage('RefreshToken').upsert(tokenId, { grantId }, 3600);
    await storage('AuthorizationCode').upsert(codeId, { grantId }, 60);
    await storage('RefreshToken').upsert(otherId, { grantId: 'another-grant' }, 3600);
    await storage('RefreshToken').revokeByGrantId(grantId);
    expect(await storage('RefreshToken').find(tokenId)).toBeUndefined();
    expect(await storage('AuthorizationCode').find(codeId)).toBeUndefined();
    expect(await storage('RefreshToken').find(otherId)).toMatchObject({ grantId: 'another-grant' });
  });

  describe('with the refresh-token reuse grace of 30 s', () => {
    const graced = () => withRefreshTokenReuseGrace(storage, 30, () => Math.floor(clock / 1000));

    it('hides a rotation within the grace and shows it after, so that reuse then revokes', async () => {
      const tokens = graced()('RefreshToken');
      const tokenId = id('rt');
      await tokens.upsert(tokenId, { grantId: 'g2' }, 3600);
      await tokens.consume(tokenId);
      expect(await tokens.find(tokenId)).toEqual({ grantId: 'g2' });
      seconds(30);
      expect((await tokens.find(tokenId))?.consumed).toBeUndefined();
      seconds(1);
      expect((await tokens.find(tokenId))?.consumed).toEqual(expect.any(Number));
    });

    it('runs the grace from the first rotation: renewing within it does not extend it', async () => {
      const tokens = graced()('RefreshToken');
      const tokenId = id('rt');
      await tokens.upsert(tokenId, { grantId: 'g3' }, 3600);
      await tokens.consume(tokenId);
      seconds(20);
      await tokens.consume(tokenId);
      seconds(11);
      expect((await tokens.find(tokenId))?.consumed).toEqual(expect.any(Number));
    });

    it('leaves other artifacts as they are: a used authorization code stays used', async () => {
      const codes = graced()('AuthorizationCode');
      const codeId = id('code');
      await codes.upsert(codeId, { grantId: 'g4' }, 60);
      await codes.consume(codeId);
      expect((await codes.find(codeId))?.consumed).toEqual(expect.any(Number));
    });
  });
});
