// Entry point of `npm start` / `npm run serve`: reads the environment, starts the server, stops cleanly.
import { loadConfig, type AppConfig } from './config';
import { DataDirectoryLockedError } from './db/lock';
import { startServer } from './server';
import { stopOnSignals } from './stopOnSignals';

async function main(): Promise<void> {
  // A hung start or connection must not keep the process (and the data-directory lock) forever.
  const signals = stopOnSignals({
    forcedExitSeconds: 10,
    onSignalWhileStarting: (signal) =>
      console.log(`\n${signal} received while starting: stopping once started…`),
  });
  const config = loadConfig();
  let server;
  try {
    server = await startServer(config);
  } catch (error) {
    if (error instanceof DataDirectoryLockedError) {
      console.error(`\nCannot start: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  console.log(`\n  Digitaal publicatie platform runs at ${config.publicUrl}`);
  if (config.publicUrl.startsWith('https://localhost') || config.publicUrl.startsWith('https://127.0.0.1')) {
    console.log(
      '  First visit: the browser warns about the self-signed certificate; accept it once to continue.\n',
    );
  }

  console.log(`${server.backgroundLines.join('\n')}\n`);
  if (server.hasNoEnvironment) console.log(firstStartInstructions(config));
  if (config.mail.transport.kind === 'none') console.log(`  ${config.mail.transport.reason}\n`);

  signals.whenStarted((signal) => {
    console.log(`\n${signal} received, shutting down…`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Shutdown failed:', error);
        process.exit(1);
      },
    );
  });
}

/** What an operator does next on a fresh installation (docs/deployment.md, "First start"). */
function firstStartInstructions(config: AppConfig): string {
  const database = config.databaseUrl ? 'DATABASE_URL=… ' : `DATA_DIR=${config.dataDir} `;
  const embedded = config.databaseUrl
    ? ''
    : '  (The embedded database allows one process: stop the server first, or use the page below.)\n';
  return [
    '  This platform has no environment yet, so nobody can sign in to work. Create the first one:',
    '',
    `    ${database}npm run admin -- create-environment --name "Naam van de organisatie"`,
    `    ${database}npm run admin -- add-member --environment <id> --email person@example.org`,
    '',
    embedded +
      `  Platform administrators (PLATFORM_ADMINS, PLATFORM_ADMIN_ROLE) can do the same at ${config.publicUrl}/platform/environments`,
    '  once an environment exists. See docs/deployment.md, "First start".\n',
  ].join('\n');
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
