// A data directory (or PostgreSQL database) with the demo seed and one extra list, 'Ledenbestand', of
// generated Dutch subscribers, written straight into the database before the server starts
// (bench:receivers, bench:api-driver).
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../server/src/config';
import { analyze, openDatabase } from '../server/src/db/client';
import { lockDataDirectory } from '../server/src/db/lock';
import { audienceListFilters, audienceLists, audiences, lists, subscribers } from '../server/src/db/schema';
import { recountSubscribers } from '../server/src/receivers/subscriberWrites';
import { seedIfEmpty } from '../server/src/seed';
import { environmentIds } from '../server/src/seed/ids';
import { samplePeople, seededRandom } from '../server/src/seed/receiverSamples';

/** The environment the list is made in (the demo seed's Zuiderveen). */
export const bigListEnvironment = environmentIds.zuiderveen;
const env = bigListEnvironment;
const districts = ['Centrum', 'Noord', 'Oost', 'Zuid', 'West', 'Buitengebied'];

export interface Prepared {
  listId: string;
  audienceId: string;
}

/** Seeds the demo content and the big list straight into the database, before the server starts. */
export async function prepareBigList(
  dataDir: string,
  databaseUrl: string | undefined,
  subscriberTotal: number,
): Promise<Prepared> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const lock = lockDataDirectory(dataDir);
  const database = await openDatabase(config);
  try {
    const { db } = database;
    await seedIfEmpty(db, config);
    const [list] = await db
      .insert(lists)
      .values({
        environmentId: env,
        title: 'Ledenbestand',
        attributeLabel1: 'Wijk',
        attributeLabel2: 'Lid sinds',
      })
      .returning({ id: lists.id });
    const started = performance.now();
    const people = samplePeople(subscriberTotal, 100_000, 'Zuiderveen', '81');
    const random = seededRandom(7);
    const batch = 1000; // 1,000 rows x 16 columns stays far below PostgreSQL's 65,535 parameters
    for (let start = 0; start < people.length; start += batch) {
      await db.insert(subscribers).values(
        people.slice(start, start + batch).map((person) => ({
          ...person,
          listId: list.id,
          attribute1: districts[Math.floor(random() * districts.length)],
          attribute2: String(2000 + Math.floor(random() * 25)),
        })),
      );
    }
    await recountSubscribers(db, [list.id]);
    const [audience] = await db
      .insert(audiences)
      .values({ environmentId: env, name: 'Ledenbestand Centrum' })
      .returning({ id: audiences.id });
    const [entry] = await db
      .insert(audienceLists)
      .values({ audienceId: audience.id, listId: list.id })
      .returning({ id: audienceLists.id });
    await db
      .insert(audienceListFilters)
      .values({ audienceListId: entry.id, field: 'attribute1', operator: 'IsEqual', value: 'Centrum' });
    await analyze(db);
    const [{ subscriberCount: loaded }] = await db
      .select({ subscriberCount: lists.subscriberCount })
      .from(lists)
      .where(eq(lists.id, list.id));
    console.log(`Loaded ${loaded} subscribers in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return { listId: list.id, audienceId: audience.id };
  } finally {
    await database.close();
    lock.release();
  }
}
