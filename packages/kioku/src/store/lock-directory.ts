import { randomUUID } from 'node:crypto';
import { linkSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { StoreLockedError } from '../errors/store-locked-error.js';

interface LockOwner {
  pid: number;
  host: string;
}

/** A lock file's content: its owner, or `released` once the owner closed the store. */
type LockRecord = LockOwner & { released?: true };

const generationFile = /^lock-(\d+)$/;
const attempts = 20;

/**
 * Takes the directory for this process, or throws `StoreLockedError` naming the live owner; returns the
 * release function. A lock left by a process that died (kill -9, crash) on this host is taken over.
 *
 * The lock is a series of generation files, `lock-1`, `lock-2`, …: the highest names the holder. A
 * process takes the next generation only when the highest is released or names a dead process, and only
 * by hard-linking a file written whole into place (`link` fails when the name exists), so two processes
 * that both find a dead owner race for one name and exactly one gets it. Numbers never go back: the highest
 * file is never removed, only marked released by its owner (an atomic rename), so a process acting on an
 * old listing cannot take a number that was already used. Lower generations are removed by the holder; a
 * process that finds a higher generation than its own after taking one gives its own up.
 */
export function lockDirectory({ directory, location }: { directory: string; location: string }): () => void {
  const owner: LockOwner = { pid: process.pid, host: hostname() };
  const candidate = join(directory, `lock-tmp-${process.pid}-${randomUUID()}`);
  writeFileSync(candidate, JSON.stringify(owner));
  try {
    for (let attempt = 0; attempt < attempts; attempt += 1) {
      refuseLiveLegacyLock(directory, location);
      const top = generations(directory).at(-1);
      if (top !== undefined) {
        const current = readRecord(join(directory, `lock-${top}`));
        if (current !== undefined && current.released !== true && isAlive(current)) {
          throw locked(directory, location, top, current);
        }
      }
      const mine = (top ?? 0) + 1;
      const lockFile = join(directory, `lock-${mine}`);
      try {
        linkSync(candidate, lockFile);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
        throw error;
      }
      if (generations(directory).some((generation) => generation > mine)) {
        // Another process took a later generation from a listing older than ours: it holds the lock.
        rmSync(lockFile, { force: true });
        continue;
      }
      for (const generation of generations(directory)) {
        if (generation < mine) rmSync(join(directory, `lock-${generation}`), { force: true });
      }
      rmSync(join(directory, 'lock'), { force: true });
      removeLeftovers(directory);
      // Written now, renamed over the lock file at release: releasing needs no free space.
      const released = join(directory, `lock-tmp-${process.pid}-${randomUUID()}`);
      try {
        writeFileSync(released, JSON.stringify({ ...owner, released: true }));
      } catch (error) {
        rmSync(released, { force: true });
        rmSync(lockFile, { force: true });
        throw error;
      }
      return () => release(lockFile, released, owner);
    }
    const top = generations(directory).at(-1);
    const current = top === undefined ? undefined : readRecord(join(directory, `lock-${top}`));
    throw locked(directory, location, top ?? 0, current ?? { pid: -1, host: 'an unknown host' });
  } finally {
    rmSync(candidate, { force: true });
  }
}

/** The generation numbers present, in increasing order. */
function generations(directory: string): number[] {
  return readdirSync(directory)
    .map((name) => generationFile.exec(name)?.[1])
    .filter((digits): digits is string => digits !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

// Versions before the generation files wrote `<directory>/lock`: respect one whose owner still runs.
function refuseLiveLegacyLock(directory: string, location: string): void {
  const legacy = readRecord(join(directory, 'lock'));
  if (legacy !== undefined && isAlive(legacy)) {
    throw new StoreLockedError({
      location,
      lockFile: join(directory, 'lock'),
      pid: legacy.pid,
      host: legacy.host,
    });
  }
}

function locked(directory: string, location: string, generation: number, owner: LockOwner): StoreLockedError {
  return new StoreLockedError({
    location,
    lockFile: join(directory, `lock-${generation}`),
    pid: owner.pid,
    host: owner.host,
  });
}

// Lock files are written whole before they are linked or renamed into place: one that cannot be read or
// parsed was not written by this code, and is respected as held by an unknown process.
function readRecord(file: string): LockRecord | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockRecord>;
    if (typeof parsed.pid === 'number' && typeof parsed.host === 'string') {
      return { pid: parsed.pid, host: parsed.host, ...(parsed.released === true ? { released: true } : {}) };
    }
  } catch {
    // Falls through: not a lock this code wrote.
  }
  return { pid: -1, host: 'an unknown host' };
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

// The released generation stays as the highest, so its number is never taken again. Never throws: a lock
// that could not be marked released names this process, and is taken over once it has exited.
function release(lockFile: string, released: string, owner: LockOwner): void {
  try {
    const current = readRecord(lockFile);
    if (current?.pid === owner.pid && current.host === owner.host && current.released !== true) {
      renameSync(released, lockFile);
    }
  } catch {
    // Left to the next opener, as a lock of a process that died.
  } finally {
    rmSync(released, { force: true });
  }
}

// Files a process killed while taking or holding the lock left behind (`lock-tmp-<pid>-…`).
function removeLeftovers(directory: string): void {
  for (const name of readdirSync(directory)) {
    const pid = /^lock-tmp-(\d+)-/.exec(name)?.[1];
    if (pid !== undefined && !isAlive({ pid: Number(pid), host: hostname() })) {
      rmSync(join(directory, name), { force: true });
    }
  }
}
