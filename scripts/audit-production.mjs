// `npm run audit:production`, run by .ci/run: the production dependencies (npm audit --omit=dev) must have
// no high or critical advisory. Fails the run on one, listing the packages. A registry that cannot answer
// audits (a mirror without the advisory endpoint answers 405) is reported loudly but does not fail the run:
// no advisory database is not an advisory. Exceptions are documented in docs/deployment.md.
import { spawnSync } from 'node:child_process';

const blocking = new Set(['high', 'critical']);

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  console.error(`audit: npm audit printed no report (exit ${run.status}):\n${run.stderr}`);
  process.exit(1);
}

if (!report.vulnerabilities) {
  const reason = report.message ?? report.error?.summary ?? 'no report';
  console.warn(`audit: NOT CHECKED: the registry did not answer the audit (${reason}).`);
  process.exit(0);
}

const found = Object.values(report.vulnerabilities).filter((entry) => blocking.has(entry.severity));
const counts = report.metadata?.vulnerabilities ?? {};
console.log(
  `audit: production dependencies: ${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ` +
    `${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low`,
);
if (found.length > 0) {
  for (const entry of found) console.error(`audit: ${entry.severity}: ${entry.name} (${entry.range})`);
  process.exit(1);
}
