// The CPU a job of `npm test` used, every process it started included (the browsers, spawned servers and
// workers a suite starts, which a parent's rusage misses when they are not waited for): each job runs in a
// control group of its own, whose CPU counter the kernel keeps. On a 2-core machine the jobs' CPU added
// up, not their wall time, bounds the run. Where no control group can be made (not root, no cgroupfs),
// the job runs as before and its CPU is not reported. PostgreSQL's own processes belong to its server,
// not to the job that sends it queries.
import { existsSync, mkdirSync, readFileSync, rmdirSync } from 'node:fs';

/** cgroup v1's cpuacct hierarchy, or cgroup v2's (at the root, or beside v1 as `unified`). */
const hierarchies = [
  {
    root: '/sys/fs/cgroup/cpuacct',
    seconds: (dir) => Number(readFileSync(`${dir}/cpuacct.usage`, 'utf8')) / 1e9,
  },
  ...['/sys/fs/cgroup', '/sys/fs/cgroup/unified'].map((root) => ({
    root,
    seconds: (dir) => Number(/^usage_usec (\d+)$/m.exec(readFileSync(`${dir}/cpu.stat`, 'utf8'))?.[1]) / 1e6,
  })),
];

/**
 * A control group for the job, or undefined. `command` wraps the job's command so that its first process
 * joins the group before it starts anything (`sh` writes its own pid, then becomes the command; where it
 * cannot join, the group reads no CPU); `seconds` reads the group's CPU so far; `remove` deletes the
 * group once its processes are gone.
 */
export function jobCpu(name) {
  for (const { root, seconds } of hierarchies) {
    const isV2 = !root.endsWith('cpuacct');
    if (!existsSync(isV2 ? `${root}/cgroup.controllers` : `${root}/cpuacct.usage`)) continue;
    const dir = `${root}/dpp-test-${process.pid}-${name}`;
    try {
      mkdirSync(dir);
    } catch {
      continue;
    }
    return {
      command: (command) => [
        'sh',
        '-c',
        'echo $$ > "$0/cgroup.procs" 2>/dev/null; exec "$@"',
        dir,
        ...command,
      ],
      seconds: () => {
        try {
          const value = seconds(dir);
          return Number.isFinite(value) && value > 0 ? value : undefined;
        } catch {
          return undefined;
        }
      },
      remove: () => {
        try {
          rmdirSync(dir);
        } catch {
          // a process of the job still lives: the kernel keeps the empty group until the machine restarts
        }
      },
    };
  }
  return undefined;
}
