import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** Thrown when another living process holds the embedded database's folder. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `${dataDir} is in use by another shop process (pid ${ownerPid}): the embedded database serves one process. ` +
        'Stop that process first, or run several processes on PostgreSQL (DATABASE_URL).',
    );
    this.name = 'DataDirLockedError';
  }
}

/** What a lock file records: who holds it, and when that process started (to tell a reused pid). */
interface LockOwner {
  pid: number;
  /** The process's start time from /proc (Linux), so a recycled pid is not taken for the owner; null elsewhere. */
  started: string | null;
}

/** A process's start time in clock ticks since boot (field 22 of /proc/<pid>/stat), or null where unreadable. */
function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** True while the process that wrote `owner` still runs (the same pid, started at the same time). */
function isAlive(owner: LockOwner): boolean {
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (owner.started === null) return true;
  const started = startTimeOf(owner.pid);
  return started === null || started === owner.started;
}

function readOwner(lockFile: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(lockFile, 'utf8')) as Partial<LockOwner>;
    if (typeof owner.pid !== 'number' || !Number.isSafeInteger(owner.pid) || owner.pid <= 0) return undefined;
    return { pid: owner.pid, started: typeof owner.started === 'string' ? owner.started : null };
  } catch {
    return undefined;
  }
}

/**
 * Takes the lock file `lockFile` for `dataDir` or throws DataDirLockedError. The file holds the
 * owner's pid and start time; it is created exclusively (O_EXCL), so of two processes starting
 * together one wins. A lock whose process is gone (kill -9, a crash, a reboot) is taken over, so
 * it never blocks a start for good. Resolves to the release function.
 */
export async function lockDataDir(dataDir: string, lockFile: string): Promise<() => void> {
  const me: LockOwner = { pid: process.pid, started: startTimeOf(process.pid) };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(lockFile, JSON.stringify(me), { flag: 'wx' });
      const release = () => {
        if (readOwner(lockFile)?.pid === me.pid) rmSync(lockFile, { force: true });
        process.off('exit', release);
      };
      // A process that ends without closing the database still leaves the folder free.
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    // An unreadable lock may be one that its owner is writing this very moment: look again shortly.
    const owner = readOwner(lockFile) ?? (await sleep(200).then(() => readOwner(lockFile)));
    if (owner && isAlive(owner)) throw new DataDirLockedError(dataDir, owner.pid);
    // Left by a process that is gone (or half-written by one killed while writing it): take it over.
    rmSync(lockFile, { force: true });
  }
  const owner = readOwner(lockFile);
  throw new DataDirLockedError(dataDir, owner?.pid ?? 0);
}
