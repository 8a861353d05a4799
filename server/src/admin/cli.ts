// `npm run admin -- <command>`: see commands.ts and docs/deployment.md.
import { runAdminCommand } from './commands';

runAdminCommand(process.argv.slice(2)).then(
  (lines) => console.log(lines.join('\n')),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
