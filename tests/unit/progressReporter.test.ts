import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script of `npm test`'s, without types
import { slowestFiles, stillRunning } from '../../scripts/progressReporter.mjs';

// What the reporter appends: event, name and the time in milliseconds, one line each.
const progress = [
  'file-start\ttests/a.test.ts\t1000',
  'test-start\ttests/a.test.ts > reads\t1200',
  'file-start\ttests/b.test.ts\t1500',
  'test-end\ttests/a.test.ts > reads\t3900',
  'file-end\ttests/a.test.ts\t4000',
  'file-end\ttests/b.test.ts\t2000',
  'file-start\ttests/c.test.ts\t2100',
  'test-start\ttests/c.test.ts > hangs\t2200',
  '',
].join('\n');

describe("npm test's progress file", () => {
  it('names the files that took longest, from their start to their end, slowest first', () => {
    expect(slowestFiles(progress, 5)).toEqual([
      { name: 'tests/a.test.ts', seconds: 3 },
      { name: 'tests/b.test.ts', seconds: 0.5 },
    ]);
    expect(slowestFiles(progress, 1)).toEqual([{ name: 'tests/a.test.ts', seconds: 3 }]);
  });

  it('names what started and did not end, for a job stopped at its deadline', () => {
    expect(stillRunning(progress)).toEqual([
      { kind: 'file', name: 'tests/c.test.ts' },
      { kind: 'test', name: 'tests/c.test.ts > hangs' },
    ]);
  });
});
