// CPU time of processes on this machine, read from /proc (Linux; clock ticks of 10 ms): what a benchmark
// divides by the requests it sent to give a cost per request that moves far less with the machine's load
// than requests per second do.
import { readdirSync, readFileSync } from 'node:fs';

/** CPU time (ms) a process has used so far, user and system, all its threads. */
export function processCpuMs(pid: number): number {
  // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th of them.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The whole machine's busy CPU time (ms, all cores) so far, from /proc/stat's first line. */
export function machineBusyMs(): number {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return (user + nice + system + irq + softirq + steal) * 10;
}

/**
 * CPU time (ms) so far of each PostgreSQL backend serving `database` (its process title names the
 * database), by process id; empty on PGlite. The shared WAL writer and checkpointer are not counted.
 */
export function backendsCpuMs(database: string | undefined): Map<number, number> {
  const found = new Map<number, number>();
  if (!database) return found;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (title.startsWith('postgres:') && title.includes(` ${database} `)) {
        found.set(Number(entry), processCpuMs(Number(entry)));
      }
    } catch {
      // The process ended meanwhile.
    }
  }
  return found;
}

/**
 * Starts counting the CPU time of `database`'s PostgreSQL backends; the function answers the ms they used
 * since. They are read every second too: one the pool closes meanwhile keeps the time it was last seen
 * with; one that started meanwhile counts from 0.
 */
export function backendsCpuMeter(database: string | undefined): (last?: 'last') => number {
  const before = backendsCpuMs(database);
  const lastSeen = new Map(before);
  const look = () => {
    for (const [pid, ms] of backendsCpuMs(database)) lastSeen.set(pid, ms);
  };
  const sampler = setInterval(look, 1000);
  return (last) => {
    look();
    if (last) clearInterval(sampler);
    return [...lastSeen].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);
  };
}
