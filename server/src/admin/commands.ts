// The commands of `npm run admin` (cli.ts): environments and their members from the command line (see
// docs/deployment.md, "First start"). Uses DATA_DIR / DATABASE_URL like the server. PostgreSQL is shared
// with a running server; the embedded database (PGlite) is not, so then it says what to do instead.
import { commandLineActor } from '../auditLog/logActor';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { DataDirectoryLockedError, lockDataDirectory, type DataDirectoryLock } from '../db/lock';
import {
  addMember,
  createEnvironment,
  findMemberId,
  listEnvironments,
  listMembers,
  removeMember,
} from '../environments/provisioning';

const usage = `Usage: npm run admin -- <command> [options]

  create-environment --name <name> [--theme-name <name>] [--color <#rrggbb>]
  list-environments
  list-members   --environment <id>
  add-member     --environment <id> (--email <address> | --object-id <oid>)
  remove-member  --environment <id> (--email <address> | --object-id <oid>)

Uses DATABASE_URL (PostgreSQL) or the embedded database in DATA_DIR, like the server.`;

const options = {
  name: { type: 'string' },
  'theme-name': { type: 'string' },
  color: { type: 'string' },
  environment: { type: 'string' },
  email: { type: 'string' },
  'object-id': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Runs one command; answers the lines to print. */
export async function runAdminCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<string[]> {
  const { positionals, values } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  const [command] = positionals;
  if (!command || values.help) return [usage];
  const config = loadConfig(env);
  const lock = config.databaseUrl ? undefined : takeEmbeddedDatabase(config.dataDir, config.publicUrl);
  try {
    const database = await openDatabase(config);
    try {
      const db = database.db;
      const environment = () => requiredOption(values.environment, '--environment');
      const reference = { email: values.email, objectId: values['object-id'] };
      switch (command) {
        case 'create-environment': {
          const created = await createEnvironment(
            db,
            {
              name: requiredOption(values.name, '--name'),
              themeName: values['theme-name'],
              primaryColor: values.color,
            },
            commandLineActor,
          );
          return [
            `Created environment ${created.id} "${created.name}"${created.isDefault ? ' (default)' : ''}.`,
          ];
        }
        case 'list-environments': {
          const rows = await listEnvironments(db);
          if (rows.length === 0)
            return [
              'No environments yet. Create one with: npm run admin -- create-environment --name <name>',
            ];
          return rows.map(
            (row) =>
              `${row.id}  ${row.name}  (${row.memberCount} member${row.memberCount === 1 ? '' : 's'})${row.isDefault ? '  default' : ''}`,
          );
        }
        case 'list-members': {
          const rows = await listMembers(db, environment());
          if (rows.length === 0) return ['No members yet.'];
          return rows.map(
            (row) =>
              `${row.id}  ${row.username}${row.name ? `  ${row.name}` : ''}${row.signedIn ? '' : '  (invited, not signed in yet)'}`,
          );
        }
        case 'add-member': {
          const member = await addMember(db, environment(), reference, commandLineActor);
          return [
            `${member.username} is a member of ${environment()}${member.signedIn ? '' : ' (invited; the first sign-in claims it)'}.`,
          ];
        }
        case 'remove-member': {
          const userId = await findMemberId(db, environment(), reference);
          if (!userId || !(await removeMember(db, environment(), userId, commandLineActor))) {
            throw new Error(`No such member of ${environment()}.`);
          }
          return [`Removed ${values.email ?? values['object-id']} from ${environment()}.`];
        }
        default:
          throw new Error(`Unknown command '${command}'.\n\n${usage}`);
      }
    } finally {
      await database.close();
    }
  } finally {
    lock?.release();
  }
}

/** PGlite serves one process: take the server's lock, or explain why the command cannot run now. */
function takeEmbeddedDatabase(dataDir: string, publicUrl: string): DataDirectoryLock {
  try {
    return lockDataDirectory(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirectoryLockedError)) throw error;
    // The running server's own address (written in its lock), not what this shell's settings would make.
    const address = error.ownerAddress ?? publicUrl;
    throw new Error(
      `A running server (process ${error.ownerPid}) holds the embedded database in ${dataDir}, and only one ` +
        'process may open it. Use that server instead: sign in as a platform administrator and open ' +
        `${address}/platform/environments, or call its API (${address}/api/1/platform/environments) ` +
        "with a platform administrator's token. Or stop the server and run this command again.",
      { cause: error },
    );
  }
}

function requiredOption(value: string | undefined, name: string): string {
  if (!value?.trim()) throw new Error(`${name} is required.\n\n${usage}`);
  return value;
}
