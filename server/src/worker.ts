// Entry point of `npm run worker`: a process that runs every background duty (background/duties.ts) and
// answers no requests, next to the servers and other workers on one PostgreSQL database (the embedded
// PGlite allows one process: its server runs the duties itself).
import { startBackgroundWork } from './background/backgroundWork';
import { openWorkingAreas } from './background/workingAreas';
import { backgroundStartupLines } from './background/startupLines';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { openMailTransport } from './mail/mailTransport';
import { stopOnSignals } from './stopOnSignals';

async function main(): Promise<void> {
  const signals = stopOnSignals({
    forcedExitSeconds: 60,
    onSignalWhileStarting: (signal) =>
      console.log(`${signal} received while starting: stopping once started…`),
  });
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error(
      'npm run worker needs DATABASE_URL (PostgreSQL). With the embedded database the server does the background work itself.',
    );
    process.exit(1);
  }
  const mail = await openMailTransport(config);
  if (!mail.available) {
    console.error(`The worker cannot send: ${mail.description}`);
    process.exit(1);
  }
  const database = await openDatabase(config);
  const { delivery, journeys } = await openWorkingAreas(config, database);
  const background = await startBackgroundWork(
    { config, database, mail, delivery, journeys },
    { role: 'worker' },
  );
  console.log(`Worker started; it sends the mail of every environment through ${mail.description}.`);
  console.log(backgroundStartupLines(background, config.bounces.host).join('\n'));

  signals.whenStarted((signal) => {
    console.log(`${signal} received: finishing the work in hand…`);
    background
      .stop()
      .then(() => delivery.close())
      .then(() => mail.close())
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('Stopping failed:', error);
          process.exit(1);
        },
      );
  });
}

main().catch((error: unknown) => {
  console.error('The worker could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
