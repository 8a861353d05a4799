// `npm run bench:first-load`: the JavaScript a browser must load before the login screen shows,
// i.e. the entry chunk and everything it imports statically (lazy chunks excluded), gzip-compressed.
// Reads the Vite manifest of the last `npm run build`.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const distDir = path.resolve('dist');
const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('no entry chunk in dist/.vite/manifest.json: run `npm run build` first');

const staticChunks = new Set<string>();
(function collect(key: string) {
  if (staticChunks.has(key)) return;
  staticChunks.add(key);
  for (const imported of manifest[key].imports ?? []) collect(imported);
})(entryKey);

const rows = [...staticChunks].map((key) => {
  const file = manifest[key].file;
  const bytes = readFileSync(path.join(distDir, file));
  return { file, rawKB: bytes.length / 1024, gzipKB: gzipSync(bytes, { level: 9 }).length / 1024 };
});
rows.sort((a, b) => b.gzipKB - a.gzipKB);
for (const row of rows) {
  console.log(`${row.file.padEnd(48)} ${row.rawKB.toFixed(1).padStart(9)} KB  gzip ${row.gzipKB.toFixed(1).padStart(8)} KB`);
}
const total = rows.reduce((sum, row) => sum + row.gzipKB, 0);
const totalRaw = rows.reduce((sum, row) => sum + row.rawKB, 0);
console.log(`first-load JavaScript: ${rows.length} chunks, ${totalRaw.toFixed(1)} KB raw, ${total.toFixed(1)} KB gzip`);
