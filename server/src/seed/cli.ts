// `npm run seed` fills an empty database with the demo content; `npm run seed -- --reset` drops
// everything first (schema included) and rebuilds it. Uses DATA_DIR / DATABASE_URL like the server and
// takes the same data-directory lock, so it refuses to run next to a running server.
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { DataDirectoryLockedError, lockDataDirectory } from '../db/lock';
import { seedAll, seedIfEmpty } from './index';

async function main(): Promise<void> {
  const reset = process.argv.includes('--reset');
  const config = loadConfig();
  if (reset && config.production) {
    throw new Error('Refusing --reset with NODE_ENV=production: it deletes all data.');
  }
  const lock = lockDataDirectory(config.dataDir);
  try {
    const database = await openDatabase(config, { reset });
    try {
      const target = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `${config.dataDir}/db`;
      if (reset) {
        await seedAll(database.db, config);
        console.log(`Database reset and demo content seeded in ${target}.`);
      } else if (await seedIfEmpty(database.db, config)) {
        console.log(`Demo content seeded in ${target}.`);
      } else {
        console.log(
          `${target} already has content; nothing seeded. Use \`npm run seed -- --reset\` to rebuild it.`,
        );
      }
    } finally {
      await database.close();
    }
  } finally {
    lock.release();
  }
}

main().catch((error: unknown) => {
  const message =
    error instanceof DataDirectoryLockedError || error instanceof Error ? error.message : String(error);
  console.error(`Seeding failed: ${message}`);
  process.exit(1);
});
