// The CPU a job of `npm test` used, every process it started included (the browsers, spawned servers and
// workers a suite starts, which a parent's rusage misses when they are not waited for): each job runs in a
// control group of its own, whose CPU counter the kernel keeps. On a 2-core machine the jobs' CPU added
// up, not their wall time, bounds the run. Where no control group can be made (not root, no cgroupfs),
// the job runs as before and its CPU is not reported. PostgreSQL's own processes belong to its server,
// not to the job that sends it queries.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync } from 'node:fs';

const groupPrefix = 'dpp-test-';

/**
 * Where the jobs' groups go: inside this process's own group (so a job keeps the limits it runs under),
 * in a hierarchy that only counts. cgroup v1's cpuacct when it is mounted apart from cpu, and cgroup
 * v2's when cpu is not enabled for the groups below: a group of the cpu controller would change how
 * the two jobs running side by side share the cores.
 */
function parentGroup() {
  const own = existsSync('/proc/self/cgroup') ? readFileSync('/proc/self/cgroup', 'utf8') : '';
  const v1 = /^\d+:cpuacct:(.*)$/m.exec(own)?.[1];
  const v1Dir = `/sys/fs/cgroup/cpuacct${v1 === '/' ? '' : v1}`;
  if (v1 !== undefined && existsSync(`${v1Dir}/cpuacct.usage`) && !existsSync(`${v1Dir}/cpu.shares`))
    return { dir: v1Dir, seconds: (dir) => Number(readFileSync(`${dir}/cpuacct.usage`, 'utf8')) / 1e9 };
  const v2 = /^0::(.*)$/m.exec(own)?.[1];
  if (v2 === undefined) return undefined;
  for (const root of ['/sys/fs/cgroup', '/sys/fs/cgroup/unified']) {
    const dir = `${root}${v2 === '/' ? '' : v2}`;
    if (!existsSync(`${dir}/cgroup.subtree_control`)) continue;
    if (readFileSync(`${dir}/cgroup.subtree_control`, 'utf8').split(/\s+/).includes('cpu')) return undefined;
    return {
      dir,
      seconds: (group) =>
        Number(/^usage_usec (\d+)$/m.exec(readFileSync(`${group}/cpu.stat`, 'utf8'))?.[1]) / 1e6,
    };
  }
  return undefined;
}

/** Removes the groups of earlier runs that were stopped before they could (their runner is gone). */
function removeStaleGroups(parent) {
  for (const name of readdirSync(parent)) {
    const runner = Number(new RegExp(`^${groupPrefix}(\\d+)-`).exec(name)?.[1]);
    if (!runner || existsSync(`/proc/${runner}`)) continue;
    try {
      rmdirSync(`${parent}/${name}`);
    } catch {
      // a process of that run still lives in it
    }
  }
}

let parent;

/**
 * A control group for the job, or undefined. `command` wraps the job's command so that its first process
 * joins the group before it starts anything (`sh` writes its own pid, then becomes the command; where it
 * cannot join, the group reads no CPU); `seconds` reads the group's CPU so far; `remove` deletes the
 * group once its processes are gone.
 */
export function jobCpu(name) {
  if (parent === undefined) {
    parent = parentGroup() ?? null;
    if (parent) removeStaleGroups(parent.dir);
  }
  if (!parent) return undefined;
  const dir = `${parent.dir}/${groupPrefix}${process.pid}-${name}`;
  try {
    mkdirSync(dir);
  } catch {
    return undefined;
  }
  return {
    command: (command) => [
      'sh',
      '-c',
      '{ echo $$ > "$0/cgroup.procs"; } 2>/dev/null; exec "$@"',
      dir,
      ...command,
    ],
    seconds: () => {
      try {
        const value = parent.seconds(dir);
        return Number.isFinite(value) && value > 0 ? value : undefined;
      } catch {
        return undefined;
      }
    },
    remove: () => {
      try {
        rmdirSync(dir);
      } catch {
        // a process of the job still lives: the next run removes the group (removeStaleGroups)
      }
    },
  };
}
