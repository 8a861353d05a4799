// `npm run test:server`: runs the server test project once on PGlite and, when TEST_DATABASE_URL is set
// (e.g. postgres://postgres@127.0.0.1:5432/postgres), once more on PostgreSQL. Extra arguments (test
// files, -t filters) are passed on to vitest.
import { spawnSync } from 'node:child_process';

const extraArguments = process.argv.slice(2);
const postgresUrl = process.env.TEST_DATABASE_URL;

const runs = [
  { label: 'PGlite', env: { ...process.env, TEST_DATABASE_URL: '' } },
  ...(postgresUrl ? [{ label: `PostgreSQL (${redact(postgresUrl)})`, env: process.env }] : []),
];

for (const run of runs) {
  console.log(`\n=== server tests on ${run.label} ===\n`);
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...extraArguments], {
    stdio: 'inherit',
    env: run.env,
  });
  if (result.status !== 0) {
    console.error(`\nserver tests failed on ${run.label}`);
    process.exit(result.status ?? 1);
  }
}
if (!postgresUrl) console.log('\n(TEST_DATABASE_URL is not set: PostgreSQL run skipped)');

function redact(url) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
