// Entry point of `npm run worker`: a process that only sends delivery jobs, next to the server and other
// workers on one PostgreSQL database (the embedded PGlite allows one process: its server sends itself).
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { startDelivery } from './delivery/delivery';
import { createMailer } from './mail/mailer';

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error(
      'npm run worker needs DATABASE_URL (PostgreSQL). With the embedded database the server sends jobs itself.',
    );
    process.exit(1);
  }
  const { smtpUrl, from } = config.delivery;
  if (!smtpUrl) {
    console.error('npm run worker needs SMTP_URL: the mail server the jobs are sent through.');
    process.exit(1);
  }
  const database = await openDatabase(config);
  const mailer = createMailer({ url: smtpUrl });
  const delivery = await startDelivery(
    { ...config, delivery: { ...config.delivery, worker: true } },
    database,
    {
      mailer,
      from,
    },
  );
  console.log('Delivery worker started; it sends the jobs of every environment.');

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing the current batch…`);
    const forceExit = setTimeout(() => process.exit(1), 60_000);
    forceExit.unref();
    delivery
      .stop()
      .then(() => mailer.close())
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
