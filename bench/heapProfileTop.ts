// `tsx bench/heapProfileTop.ts profile.heapprofile [rows]`: the functions that allocated most of what a
// sampling heap profile (DevTools' format, e.g. from SEND_BENCH_PROMOTED, see send.ts) holds, by the bytes
// sampled in the function itself, with the nearest caller in the platform's own code (server/src) to say
// which of its steps led there.
import { readFile } from 'node:fs/promises';
import type { SamplingHeapProfile, SamplingHeapProfileNode } from './inspector';

const [file, rowsArgument] = process.argv.slice(2);
if (!file) throw new Error('usage: tsx bench/heapProfileTop.ts profile.heapprofile [rows]');
const profile = JSON.parse(await readFile(file, 'utf8')) as SamplingHeapProfile;

const frame = (node: SamplingHeapProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? `${url.replace(/^.*\/(node_modules|server\/src)\//, '$1/')}:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'} ${where}`.trim();
};
const totals = new Map<string, number>();
let all = 0;
const walk = (node: SamplingHeapProfileNode, ownCaller: string) => {
  const own = node.callFrame.url.includes('/server/src/') ? frame(node) : ownCaller;
  if (node.selfSize > 0) {
    const key = `${frame(node)} ← ${own || '(no server code)'}`;
    totals.set(key, (totals.get(key) ?? 0) + node.selfSize);
    all += node.selfSize;
  }
  for (const child of node.children) walk(child, own);
};
walk(profile.head, '');
console.log(`sampled: ${(all / 1024 / 1024).toFixed(1)} MB\n`);
console.log('| allocated in ← nearest server/src caller | MB | share |\n| --- | ---: | ---: |');
for (const [key, bytes] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, Number(rowsArgument ?? 25)))
  console.log(
    `| ${key.replace(/\|/g, '\\|')} | ${(bytes / 1024 / 1024).toFixed(1)} | ${((100 * bytes) / all).toFixed(1)} % |`,
  );
