// Entry point of `npm run worker`: a process that only sends delivery jobs, next to the server and other
// workers on one PostgreSQL database (the embedded PGlite allows one process: its server sends itself).
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { startDelivery } from './delivery/delivery';
import { openMailTransport } from './mail/mailTransport';
import { startRsvpOutboxFor } from './rsvp/outboxProcess';

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error(
      'npm run worker needs DATABASE_URL (PostgreSQL). With the embedded database the server sends jobs itself.',
    );
    process.exit(1);
  }
  const mail = await openMailTransport(config);
  if (!mail.available) {
    console.error(`The worker cannot send: ${mail.description}`);
    process.exit(1);
  }
  const database = await openDatabase(config);
  const delivery = await startDelivery(
    { ...config, delivery: { ...config.delivery, worker: true } },
    database,
    { mailer: mail.mailer, from: mail.from, catcher: mail.catcher !== undefined },
  );
  const rsvpOutbox = startRsvpOutboxFor(
    { ...config, delivery: { ...config.delivery, worker: true } },
    database.db,
    mail,
  );
  console.log(`Delivery worker started; it sends the jobs of every environment through ${mail.description}.`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing the current batch…`);
    const forceExit = setTimeout(() => process.exit(1), 60_000);
    forceExit.unref();
    Promise.all([delivery.stop(), rsvpOutbox.stop()])
      .then(() => mail.close())
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('Stopping failed:', error);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('The worker could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
