// `tsx bench/heapDiff.ts before.heapsnapshot after.heapsnapshot [rows]`: what two heap snapshots (DevTools'
// format, e.g. from `SEND_BENCH_SNAPSHOT_DIR`, see send.ts) differ in, like DevTools' "Comparison" view:
// objects counted and their own sizes summed per constructor (closures per function name, other kinds of
// node per kind), the groups that grew most first. Something kept per message shows up as a group grown by
// about the number of messages sent in between.
import { readFile } from 'node:fs/promises';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: (string[] | string)[] }; node_count: number };
  nodes: number[];
  strings: string[];
}

interface Group {
  count: number;
  size: number;
}

async function groups(file: string): Promise<Map<string, Group>> {
  const data = JSON.parse(await readFile(file, 'utf8')) as Snapshot;
  const fields = data.snapshot.meta.node_fields;
  const types = data.snapshot.meta.node_types[0] as string[];
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const result = new Map<string, Group>();
  for (let offset = 0; offset < data.nodes.length; offset += fields.length) {
    const type = types[data.nodes[offset + typeAt]];
    const name = data.strings[data.nodes[offset + nameAt]];
    const key =
      type === 'object' || type === 'native'
        ? name
        : type === 'closure'
          ? `(closure) ${name || '(anonymous)'}`
          : `(${type})`;
    const group = result.get(key) ?? { count: 0, size: 0 };
    group.count += 1;
    group.size += data.nodes[offset + sizeAt];
    result.set(key, group);
  }
  return result;
}

const [beforeFile, afterFile, rowsArgument] = process.argv.slice(2);
if (!beforeFile || !afterFile)
  throw new Error('usage: tsx bench/heapDiff.ts before.heapsnapshot after.heapsnapshot [rows]');
const before = await groups(beforeFile);
const after = await groups(afterFile);
const total = (map: Map<string, Group>) =>
  [...map.values()].reduce(
    (sum, group) => ({ count: sum.count + group.count, size: sum.size + group.size }),
    {
      count: 0,
      size: 0,
    },
  );
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;
const rows = [...new Set([...before.keys(), ...after.keys()])]
  .map((key) => {
    const a = before.get(key) ?? { count: 0, size: 0 };
    const b = after.get(key) ?? { count: 0, size: 0 };
    return { key, count: b.count - a.count, size: b.size - a.size, after: b };
  })
  .sort((x, y) => y.size - x.size || y.count - x.count)
  .slice(0, Number(rowsArgument ?? 25));
const [totalBefore, totalAfter] = [total(before), total(after)];
console.log(
  `total: ${totalBefore.count.toLocaleString('en')} objects, ${kb(totalBefore.size)} → ${totalAfter.count.toLocaleString('en')} objects, ${kb(totalAfter.size)}\n`,
);
console.log('| group | objects (change) | self size (change) |\n| --- | ---: | ---: |');
for (const row of rows) {
  console.log(
    `| ${row.key.slice(0, 80).replace(/\|/g, '\\|').replace(/\s+/g, ' ')} | ${row.after.count.toLocaleString('en')} (${row.count >= 0 ? '+' : ''}${row.count.toLocaleString('en')}) | ${kb(row.after.size)} (${row.size >= 0 ? '+' : ''}${kb(row.size)}) |`,
  );
}
