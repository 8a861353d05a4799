import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type OpenDatabase } from '../../server/src/db/client';
import {
  audienceListFilters,
  audienceLists,
  audiences,
  environments,
  lists,
  subscribers,
  unsubscribers,
} from '../../server/src/db/schema';
import {
  countAudienceRecipients,
  selectAudienceRecipients,
} from '../../server/src/receivers/audienceRecipients';
import { prepareMigratedDatabase } from './support/migratedDatabase';
import type { TestDatabase } from './support/testDatabase';

// The functions the publications area builds on (recipient count of a delivery, the recipients
// themselves), against the database directly: PGlite, or PostgreSQL when TEST_DATABASE_URL is set.
describe('audience recipients (domain functions)', () => {
  let dataDir: string;
  let testDatabase: TestDatabase | undefined;
  let opened: OpenDatabase;
  let db: Database;
  let environmentId: string;
  let otherEnvironmentId: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-recipients-'));
    testDatabase = await prepareMigratedDatabase(dataDir);
    opened = await openDatabase({ dataDir, databaseUrl: testDatabase?.url });
    db = opened.db;
    [{ id: environmentId }, { id: otherEnvironmentId }] = await db
      .insert(environments)
      .values([{ name: 'Gemeente Proef' }, { name: 'Andere omgeving' }])
      .returning({ id: environments.id });
  });
  afterAll(async () => {
    await opened?.close();
    await testDatabase?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const createList = async (title: string, isDeleted = false) => {
    const [list] = await db
      .insert(lists)
      .values({ environmentId, title, isDeleted })
      .returning({ id: lists.id });
    return list.id;
  };
  const createAudience = async (listIds: string[]) => {
    const [audience] = await db
      .insert(audiences)
      .values({ environmentId, name: 'Proef' })
      .returning({ id: audiences.id });
    const entries = [];
    for (const [index, listId] of listIds.entries()) {
      const [entry] = await db
        .insert(audienceLists)
        .values({ audienceId: audience.id, listId, createdAt: new Date(Date.UTC(2025, 0, 1 + index)) })
        .returning({ id: audienceLists.id });
      entries.push(entry.id);
    }
    return { audienceId: audience.id, entries };
  };

  it('selects exactly the recipients it counts, one per address, represented by the first-added list', async () => {
    const volunteers = await createList('Vrijwilligers');
    const members = await createList('Leden');
    const old = await createList('Oud', true);
    await db.insert(subscribers).values([
      { listId: members, name: 'Anne (lid)', email: 'anne@proef.example', city: 'Zwolle' },
      { listId: members, name: 'Bram (lid)', email: 'bram@proef.example', city: 'Deventer' },
      { listId: members, name: 'Carla (lid)', email: 'carla@proef.example', city: 'Zwolle' },
      { listId: volunteers, name: 'Anne (vrijwilliger)', email: 'ANNE@proef.example' },
      { listId: volunteers, name: 'Dirk (vrijwilliger)', email: 'dirk@proef.example' },
      { listId: old, name: 'Eva (oud)', email: 'eva@proef.example' },
    ]);
    await db.insert(unsubscribers).values([
      { environmentId, email: 'Carla@Proef.example' },
      {
        environmentId,
        email: 'dirk@proef.example',
        removedAt: new Date(),
        removedBy: 'x',
        removalReason: 'terug',
      },
      { environmentId: otherEnvironmentId, email: 'bram@proef.example' },
    ]);
    const { audienceId, entries } = await createAudience([volunteers, members, old]);
    await db
      .insert(audienceListFilters)
      .values({ audienceListId: entries[1], field: 'city', operator: 'IsEqual', value: 'zwolle' });

    // members in Zwolle: anne, carla (unsubscribed); volunteers: ANNE, dirk (unsubscribe undone); old list deleted.
    expect(await countAudienceRecipients(db, environmentId, audienceId)).toBe(2);
    const recipients = await selectAudienceRecipients(db, environmentId, audienceId);
    expect(recipients.map((recipient) => [recipient.name, recipient.email])).toEqual([
      ['Anne (vrijwilliger)', 'ANNE@proef.example'],
      ['Dirk (vrijwilliger)', 'dirk@proef.example'],
    ]);
    expect(recipients[0].listId).toBe(volunteers);
  });

  it('reaches nobody for an audience without lists, an unknown one or one of another environment', async () => {
    const { audienceId } = await createAudience([]);
    expect(await countAudienceRecipients(db, environmentId, audienceId)).toBe(0);
    expect(await selectAudienceRecipients(db, environmentId, audienceId)).toEqual([]);
    const list = await createList('Eén lid');
    await db.insert(subscribers).values({ listId: list, name: 'Frank', email: 'frank@proef.example' });
    const single = await createAudience([list]);
    expect(await countAudienceRecipients(db, environmentId, single.audienceId)).toBe(1);
    expect(await countAudienceRecipients(db, otherEnvironmentId, single.audienceId)).toBe(0);
    expect(await selectAudienceRecipients(db, otherEnvironmentId, single.audienceId)).toEqual([]);
    expect(await countAudienceRecipients(db, environmentId, '0b9d1c1e-2f3a-4b5c-8d6e-7f8091a2b3c4')).toBe(0);
  });
});
