// `npm run fuzz`: the contract fuzzing of tests/server/contractFuzz.test.ts, longer and with a new seed
// each time. FUZZ_RUNS (default 20000) requests; FUZZ_SEED repeats a run (printed at the start);
// TEST_DATABASE_URL runs it against PostgreSQL instead of PGlite. Besides the documented operations it
// sends to the hidden public pages (RSVP, unsubscribe), to paths no route answers, JSON nested thousands
// deep, and every content type (tests/server/support/contractFuzz.ts); the test then sweeps every content
// type over every public POST.
import { spawnSync } from 'node:child_process';

const runs = process.env.FUZZ_RUNS ?? '20000';
const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
console.log(`contract fuzzing: ${runs} requests, FUZZ_SEED=${seed}`);
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'server', 'tests/server/contractFuzz.test.ts'],
  {
    stdio: 'inherit',
    env: { ...process.env, FUZZ_RUNS: runs, FUZZ_SEED: seed },
  },
);
process.exit(result.status ?? 1);
