import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Thrown when another live process owns the data directory. */
export class DataDirectoryLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
    /** The address the owning server serves (its PUBLIC_URL), when it wrote one. */
    readonly ownerAddress?: string,
  ) {
    super(
      `The data directory ${dataDir} is in use by another server (process ${ownerPid}). ` +
        'Stop that server first, or start this one with another DATA_DIR.',
    );
    this.name = 'DataDirectoryLockedError';
  }
}

export interface DataDirectoryLock {
  readonly lockPath: string;
  release(): void;
}

/**
 * Who holds a lock: the PID, and where the system tells (Linux), the process's start time and the boot it
 * started in. A PID alone is reused: after a crash, a reboot or a container restart another process may
 * carry it, and a lock naming it would block every start until removed by hand.
 */
interface LockOwner {
  pid: number;
  /** Start time of the process in clock ticks since boot (/proc/{pid}/stat, field 22). */
  startTime?: string;
  /** /proc/sys/kernel/random/boot_id: start times count from the boot. */
  bootId?: string;
  /** The address a server owner serves (its configuration), for commands that must send people there. */
  address?: string;
}

const lockFileName = 'server.lock';
/** Lock files held by this process, to tell our own lock from a stale one left by an earlier process with our PID. */
const heldByThisProcess = new Set<string>();

/**
 * Takes the exclusive lock on a data directory. PGlite itself takes no lock, and two processes on one
 * database directory silently lose writes, so a second server must refuse to start. The lock file is
 * created atomically (`wx`) and names its owner (PID, start time, boot); a lock whose owner is gone is
 * stale and taken over.
 *
 * Why not an OS lock (flock): Node.js has none without a native add-on, and flock is unreliable on network
 * file systems. Verifying the owner is robust on Linux: a PID plus its start time and the boot id names
 * one process for ever, so a reused PID is recognised as stale. Where /proc is missing (macOS) only the
 * PID's liveness is checked, as before. A lock file with only a PID (an older server) counts as held while
 * that PID lives.
 */
export function lockDataDirectory(dataDir: string, address?: string): DataDirectoryLock {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, lockFileName);
  if (!tryCreate(lockPath, address)) {
    const owner = readOwner(lockPath);
    if (owner !== undefined && isHeld(lockPath, owner))
      throw new DataDirectoryLockedError(dataDir, owner.pid, owner.address);
    removeQuietly(lockPath);
    // A competitor may take over the same stale lock at this moment: only one `wx` wins.
    if (!tryCreate(lockPath, address)) {
      const winner = readOwner(lockPath);
      throw new DataDirectoryLockedError(dataDir, winner?.pid ?? -1, winner?.address);
    }
  }
  heldByThisProcess.add(lockPath);
  let released = false;
  return {
    lockPath,
    release() {
      if (released) return;
      released = true;
      heldByThisProcess.delete(lockPath);
      if (readOwner(lockPath)?.pid === process.pid) removeQuietly(lockPath);
    },
  };
}

function tryCreate(lockPath: string, address: string | undefined): boolean {
  const self = identify(process.pid);
  // Line 1 is the PID alone, so `head -1 server.lock` names the owner for a person too.
  const content = [self.pid, self.startTime ?? '', self.bootId ?? '', address ?? ''].join('\n');
  try {
    writeFileSync(lockPath, `${content}\n`, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function readOwner(lockPath: string): LockOwner | undefined {
  let lines: string[];
  try {
    lines = readFileSync(lockPath, 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number.parseInt(lines[0]?.trim() ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  return {
    pid,
    startTime: lines[1]?.trim() || undefined,
    bootId: lines[2]?.trim() || undefined,
    address: lines[3]?.trim() || undefined,
  };
}

function isHeld(lockPath: string, owner: LockOwner): boolean {
  // In a container the server is often PID 1 on every start, so our own PID in the file can be stale.
  if (owner.pid === process.pid) return heldByThisProcess.has(lockPath);
  if (!isAlive(owner.pid)) return false;
  if (owner.startTime === undefined || owner.bootId === undefined) return true;
  const current = identify(owner.pid);
  // Unreadable (another user's process under hidepid): assume the owner, as a live PID always did.
  if (current.startTime === undefined || current.bootId === undefined) return true;
  return current.startTime === owner.startTime && current.bootId === owner.bootId;
}

/** The PID with its start time and boot id where /proc tells them. */
function identify(pid: number): LockOwner {
  return { pid, startTime: startTimeOf(pid), bootId: readTrimmed('/proc/sys/kernel/random/boot_id') };
}

function startTimeOf(pid: number): string | undefined {
  const stat = readTrimmed(`/proc/${pid}/stat`);
  if (stat === undefined) return undefined;
  // The command name (field 2) is in parentheses and may hold spaces: count fields after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19]; // field 22 overall: fields 3.. start at index 0
}

function readTrimmed(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0); // signal 0 only checks existence and permission
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by someone else
  }
}

function removeQuietly(lockPath: string): void {
  try {
    unlinkSync(lockPath);
  } catch {
    // already gone
  }
}
