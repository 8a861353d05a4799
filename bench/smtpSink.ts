// `npx tsx bench/smtpSink.ts`: a receiving SMTP server in its own process for the benchmarks, so that the
// server under test spends no CPU on receiving its own mail (as the embedded catcher inside it does) and
// the sink's CPU shows apart. Prints its SMTP_URL, then every 5 s the messages accepted; keeps only
// headers. Ctrl-C (SIGINT) or SIGTERM prints the total and the sink's CPU time and ends it.
import { startSmtpSink } from '../tests/server/support/smtpSink';

const sink = await startSmtpSink({ keepSource: false });
console.log(`SMTP_URL=${sink.url}`);
let total = 0;
setInterval(() => {
  // Counted and forgotten: the headers of a long run would grow the sink's memory.
  const received = sink.accepted.length;
  sink.accepted.length = 0;
  total += received;
  if (received > 0) console.log(`${new Date().toISOString()} ${received} messages accepted in 5 s`);
}, 5_000);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    const { user, system } = process.cpuUsage();
    total += sink.accepted.length;
    console.log(`${total} messages accepted, sink CPU ${((user + system) / 1000).toFixed(0)} ms`);
    process.exit(0);
  });
}
