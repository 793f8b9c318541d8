import { linkSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { StoreLockedError } from '../errors/store-locked-error.js';

interface LockOwner {
  pid: number;
  host: string;
}

/**
 * Takes `<directory>/lock` for this process, or throws `StoreLockedError` naming the live owner. A lock
 * left by a process that died (kill -9, crash) on this host is taken over. Returns the release function.
 */
export function lockDirectory({ directory, location }: { directory: string; location: string }): () => void {
  const lockFile = join(directory, 'lock');
  const owner: LockOwner = { pid: process.pid, host: hostname() };
  // Written whole to a private file, then hard-linked into place: linking fails when the lock exists,
  // and a lock file is never seen half written.
  const candidate = join(directory, `lock.${process.pid}`);
  writeFileSync(candidate, JSON.stringify(owner));
  try {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        linkSync(candidate, lockFile);
        return () => release(lockFile, owner);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const current = readOwner(lockFile);
      if (current !== undefined && isAlive(current)) {
        throw new StoreLockedError({ location, lockFile, pid: current.pid, host: current.host });
      }
      rmSync(lockFile, { force: true });
    }
    throw new StoreLockedError({ location, lockFile, pid: -1, host: 'an unknown host' });
  } finally {
    rmSync(candidate, { force: true });
  }
}

function readOwner(lockFile: string): LockOwner | undefined {
  try {
    const parsed = JSON.parse(readFileSync(lockFile, 'utf8')) as Partial<LockOwner>;
    if (typeof parsed.pid === 'number' && typeof parsed.host === 'string') {
      return { pid: parsed.pid, host: parsed.host };
    }
  } catch {
    // Unreadable or gone: decided below from its age.
  }
  try {
    // Not a lock this code wrote: respect it for a minute, in case another version is mid-write.
    return Date.now() - statSync(lockFile).mtimeMs < 60_000
      ? { pid: -1, host: 'an unknown host' }
      : undefined;
  } catch {
    return undefined;
  }
}

function isAlive({ pid, host }: LockOwner): boolean {
  if (host !== hostname() || pid <= 0) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function release(lockFile: string, owner: LockOwner): void {
  const current = readOwner(lockFile);
  if (current?.pid === owner.pid && current.host === owner.host) unlinkSync(lockFile);
}
