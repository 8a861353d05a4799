import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { dutchCsv } from '../../server/src/csv/dutchCsv';

const serverSource = join(import.meta.dirname, '../../server/src');

/** The server's TypeScript files, by their path below server/src. */
function sourceFiles(): string[] {
  return readdirSync(serverSource, { recursive: true, encoding: 'utf8' }).filter((path) =>
    path.endsWith('.ts'),
  );
}

describe('the one CSV for Dutch Excel', () => {
  it('writes a BOM, semicolons and Windows line ends, and keeps a formula text', async () => {
    const csv = (
      await buffer(dutchCsv(['Naam', 'Telefoon'], [['Piet; de Bakker', '+31 6 87654321']]))
    ).toString('utf8');
    expect(csv).toBe('\uFEFFNaam;Telefoon\r\n"Piet; de Bakker";\'+31 6 87654321\r\n');
  });

  it('is the only way the server writes a CSV: no other module calls csv-stringify', () => {
    const writers = sourceFiles().filter((path) =>
      /from 'csv-stringify/.test(readFileSync(join(serverSource, path), 'utf8')),
    );
    expect(writers).toEqual([join('csv', 'dutchCsv.ts')]);
  });
});
