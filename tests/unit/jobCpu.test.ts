// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script of `npm test`'s, without types
import { jobCpu } from '../../scripts/jobCpu.mjs';

interface JobCpu {
  command(command: string[]): string[];
  seconds(): number | undefined;
  remove(): void;
}

/** A command whose grandchild spins for about `seconds` of CPU, started in the background and not waited for. */
const spinningGrandchild = (seconds: number) => [
  'sh',
  '-c',
  `node -e "const end = process.cpuUsage().user + ${seconds * 1e6}; while (process.cpuUsage().user < end);" &`,
];

const cpuacctOnItsOwn =
  existsSync('/sys/fs/cgroup/cpuacct/cpuacct.usage') && !existsSync('/sys/fs/cgroup/cpuacct/cpu.shares');

describe("npm test's CPU of a job", () => {
  it('counts what every process the job started used, a grandchild nobody waited for included', () => {
    const cpu = jobCpu(`unit-${process.pid}`) as JobCpu | undefined;
    // As root with cgroup v1's cpuacct mounted on its own (the CI machines), a group is always made.
    if (process.getuid?.() === 0 && cpuacctOnItsOwn) expect(cpu).toBeDefined();
    // Elsewhere there may be none to make (not root, no cgroupfs): npm test reports no CPU, nor can this.
    if (!cpu) return;
    try {
      const [command, ...args] = cpu.command(spinningGrandchild(0.4));
      execFileSync(command!, args);
      // The grandchild runs on after its parent has returned; the group counts it all the same.
      const deadline = Date.now() + 20_000;
      while ((cpu.seconds() ?? 0) < 0.4 && Date.now() < deadline) execFileSync('sleep', ['0.1']);
      expect(cpu.seconds()).toBeGreaterThanOrEqual(0.4);
    } finally {
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline) {
        cpu.remove();
        if (cpu.seconds() === undefined) break;
        execFileSync('sleep', ['0.1']);
      }
    }
  });
});
