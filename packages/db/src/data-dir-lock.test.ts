import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

/** The start time /proc gives a process, as the lock records it. */
function startTimeOf(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] as string;
}

describe('lockDataDir', () => {
  let dir: string;
  let lockFile: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kapaas-lock-unit-'));
    lockFile = join(dir, 'pglite.lock');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses while the process that holds the lock runs, and frees the folder on release', async () => {
    const release = await lockDataDir(dir, lockFile);
    // The parent process stands for a second shop that holds the lock.
    writeFileSync(lockFile, JSON.stringify({ pid: process.ppid, started: startTimeOf(process.ppid) }));
    await expect(lockDataDir(dir, lockFile)).rejects.toThrow(DataDirLockedError);
    await expect(lockDataDir(dir, lockFile)).rejects.toThrow(`is in use by another shop process (pid ${process.ppid})`);
    rmSync(lockFile);
    (await lockDataDir(dir, lockFile))();
    release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it('takes over a lock whose pid now belongs to another process (recycled after a kill -9 or a reboot)', async () => {
    writeFileSync(lockFile, JSON.stringify({ pid: process.ppid, started: '1' }));
    const release = await lockDataDir(dir, lockFile);
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid });
    release();
  });

  it('takes over a lock of a process that is gone, or a lock file left half-written', async () => {
    writeFileSync(lockFile, JSON.stringify({ pid: 2 ** 22 + 1, started: null }));
    (await lockDataDir(dir, lockFile))();
    writeFileSync(lockFile, '{"pi');
    (await lockDataDir(dir, lockFile))();
  });
});
