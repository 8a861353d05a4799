// `tsx bench/cpuProfileTop.ts profile.cpuprofile [rows]`: where a CPU profile (DevTools' format, e.g. from
// SEND_BENCH_PROFILE, see send.ts) spent its samples: by function (self time, with the nearest caller in the
// platform's own code, server/src, to say which of its steps led there), and by that nearest caller alone
// (everything below a server/src frame counted for it), so a step's whole cost shows in one row.
import { readFile } from 'node:fs/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const frame = (node: ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? `${url.replace(/^.*\/(node_modules|server\/src)\//, '$1/')}:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'} ${where}`.trim();
};

/** The top rows of a profile, as two markdown tables. */
export function summarise(profile: CpuProfile, rows = 20): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const ownCaller = new Map<number, string>();
  const callerOf = (id: number): string => {
    const known = ownCaller.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id)!;
    const up = parent.get(id);
    const own = node.callFrame.url.includes('/server/src/')
      ? frame(node)
      : up === undefined
        ? ''
        : callerOf(up);
    ownCaller.set(id, own);
    return own;
  };
  const selfTotals = new Map<string, number>();
  const stepTotals = new Map<string, number>();
  let all = 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    const node = byId.get(id)!;
    const own = callerOf(id) || '(no server code)';
    const key = `${frame(node)} ← ${own}`;
    selfTotals.set(key, (selfTotals.get(key) ?? 0) + delta);
    if (node.callFrame.functionName !== '(idle)') stepTotals.set(own, (stepTotals.get(own) ?? 0) + delta);
    all += delta;
  });
  const table = (title: string, totals: Map<string, number>) =>
    [
      `| ${title} | ms | share |`,
      '| --- | ---: | ---: |',
      ...[...totals]
        .sort((a, b) => b[1] - a[1])
        .slice(0, rows)
        .map(
          ([key, us]) =>
            `| ${key.replace(/\|/g, '\\|')} | ${(us / 1000).toFixed(0)} | ${((100 * us) / all).toFixed(1)} % |`,
        ),
    ].join('\n');
  return [
    `sampled: ${(all / 1000).toFixed(0)} ms`,
    '',
    table('self time in ← nearest server/src caller', selfTotals),
    '',
    table('nearest server/src caller (everything below it)', stepTotals),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, rowsArgument] = process.argv.slice(2);
  if (!file) throw new Error('usage: tsx bench/cpuProfileTop.ts profile.cpuprofile [rows]');
  console.log(summarise(JSON.parse(await readFile(file, 'utf8')) as CpuProfile, Number(rowsArgument ?? 20)));
}
