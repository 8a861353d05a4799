import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Thrown when another live process owns the data directory. */
export class DataDirectoryLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
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

const lockFileName = 'server.lock';
/** Lock files held by this process, to tell our own lock from a stale one left by an earlier process with our PID. */
const heldByThisProcess = new Set<string>();

/**
 * Takes the exclusive lock on a data directory. PGlite itself takes no lock, and two processes on one
 * database directory silently lose writes, so a second server must refuse to start. The lock file is
 * created atomically (`wx`) and holds the owner's PID; a lock whose process is gone is stale and taken over.
 */
export function lockDataDirectory(dataDir: string): DataDirectoryLock {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, lockFileName);
  if (!tryCreate(lockPath)) {
    const ownerPid = readOwner(lockPath);
    if (ownerPid !== undefined && isHeld(lockPath, ownerPid))
      throw new DataDirectoryLockedError(dataDir, ownerPid);
    removeQuietly(lockPath);
    // A competitor may take over the same stale lock at this moment: only one `wx` wins.
    if (!tryCreate(lockPath)) throw new DataDirectoryLockedError(dataDir, readOwner(lockPath) ?? -1);
  }
  heldByThisProcess.add(lockPath);
  let released = false;
  return {
    lockPath,
    release() {
      if (released) return;
      released = true;
      heldByThisProcess.delete(lockPath);
      if (readOwner(lockPath) === process.pid) removeQuietly(lockPath);
    },
  };
}

function tryCreate(lockPath: string): boolean {
  try {
    writeFileSync(lockPath, `${process.pid}\n`, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function readOwner(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isHeld(lockPath: string, ownerPid: number): boolean {
  // In a container the server is often PID 1 on every start, so our own PID in the file can be stale.
  if (ownerPid === process.pid) return heldByThisProcess.has(lockPath);
  return isAlive(ownerPid);
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
