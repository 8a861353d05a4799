// `npm run bench:deep-bodies`: is the server still there for everyone else while someone floods it with
// deeply nested JSON (issue 37: bodies 5,000 deep answered 500 after ~140 ms of CPU each, and eight
// connections sending them raised /health's median from 3 ms to 936 ms)? Starts the real server as its own
// process (PGlite: the database plays no part), measures /health alone,
// then again while BENCH_CONNECTIONS (default 8) connections POST 5,000-deep objects (30 KB) to a path no
// route answers, its rate limit lifted so every body is read; then, as the yardstick, while they POST flat
// JSON of the same size (what any flood of ordinary requests costs). Bounded: BENCH_DURATION seconds
// (default 10) per run, loopback only. Prints p50/p99 of /health, what each flood was answered, and the
// load average (the machine is shared).
import { availableParallelism, loadavg } from 'node:os';
import autocannon, { type Result } from 'autocannon';
import { startServerProcess } from './benchServer';
import { benchSetting } from './shortMode';
import { reportRows } from './table';

const floodConnections = Number(process.env.BENCH_CONNECTIONS ?? 8);
const durationSeconds = benchSetting('BENCH_DURATION', 10, 1);
const deepBody = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
const flatBody = JSON.stringify({ a: 'x'.repeat(deepBody.length - 8) });

function run(options: Parameters<typeof autocannon>[0]): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon({ duration: durationSeconds, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** One prober asking /health in a loop, as a load balancer and the console's users would notice. */
const probeHealth = (url: string) => run({ url: `${url}/health`, connections: 1 });

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  const server = await startServerProcess(undefined, {
    env: { UNKNOWN_PATH_RATE_LIMIT: String(1_000_000_000) },
  });
  try {
    console.log(
      `${availableParallelism()} cores; load before: ${load()}; flood: ${floodConnections} connections, ` +
        `${durationSeconds} s, ${deepBody.length} bytes 5,000 deep`,
    );
    const alone = await probeHealth(server.url);
    const during = async (body: string) => {
      const [health, flood] = await Promise.all([
        probeHealth(server.url),
        run({
          url: `${server.url}/bestaat-niet`,
          method: 'POST',
          connections: floodConnections,
          headers: { 'content-type': 'application/json' },
          body,
        }),
      ]);
      return { health, flood };
    };
    const deep = await during(deepBody);
    const flat = await during(flatBody);
    console.log(`load after: ${load()}`);
    console.log('| /health | requests | p50 ms | p99 ms | max ms | flood: bodies/s, answers, p99 ms |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const [name, health, flood] of [
      ['alone', alone, undefined],
      ['during the flood of 5,000-deep bodies', deep.health, deep.flood],
      ['during a flood of flat bodies, as large', flat.health, flat.flood],
    ] as const) {
      const { latency, requests } = health;
      const answers = flood
        ? `${Math.round(flood.requests.average)}/s, ${JSON.stringify(
            Object.fromEntries(
              Object.entries(flood.statusCodeStats).map(([status, stat]) => [status, stat.count]),
            ),
          )}, ${flood.latency.p99} (errors ${flood.errors}, timeouts ${flood.timeouts})`
        : '';
      console.log(
        `| ${name} | ${requests.total} | ${latency.p50} | ${latency.p99} | ${latency.max} | ${answers} |`,
      );
    }
    reportRows([
      { measure: '/health p99, alone', value: alone.latency.p99, unit: 'ms' },
      { measure: '/health p99, during a flood of 5,000-deep bodies', value: deep.health.latency.p99, unit: 'ms' },
      { measure: '/health p99, during a flood of flat bodies', value: flat.health.latency.p99, unit: 'ms' },
    ]);
  } finally {
    await server.stop();
  }
}

await main();
