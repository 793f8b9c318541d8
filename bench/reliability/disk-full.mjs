// A session append when the disk fills up, on a real full file system: a small tmpfs mounted for the run
// (root only). A writer process opens an embedded store there, appends and prints each acknowledged
// write, fills the rest of the disk, makes Postgres start a new WAL segment (pg_switch_wal), and appends
// again. The outcome is the error the append threw and how long it took, or "hang" when nothing came back
// within `guardMs` (the writer is then killed). Then the space is freed, the store reopened by the build
// under test, and what it holds compared with what was acknowledged.
// Used by bench/reliability/store.mjs (before and after) and by the store's regression test.

import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

/** Why a disk-full run cannot happen here (not root, no tmpfs), or undefined when it can. */
export function diskFullUnavailable() {
  if (process.platform !== 'linux') return `tmpfs mounts need Linux (this is ${process.platform})`;
  if (process.getuid?.() !== 0) return 'mounting a small tmpfs needs root';
  const probe = mkdtempSync(join(tmpdir(), 'kioku-tmpfs-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], { stdio: 'pipe' });
    execFileSync('umount', [probe], { stdio: 'pipe' });
    return undefined;
  } catch (error) {
    return `cannot mount a tmpfs: ${String(error.stderr ?? error.message).trim()}`;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

// The writer. Prints `ack <n>` per acknowledged append, `filled`, then `failed <ms> <name> <message>`.
const writer = `
import { closeSync, openSync, writeSync } from 'node:fs';
const [entry, drizzleEntry, directory, filler] = process.argv.slice(1);
const { createSessionStore, openStore } = await import(entry);
const { drizzleStore } = await import(drizzleEntry);
const say = (line) => process.stdout.write(line + '\\n');
const store = await openStore({ location: directory });
const sessions = createSessionStore(store);
await sessions.create({ id: 'disk-full' });
for (let n = 1; n <= 20; n += 1) {
  await sessions.append({ sessionId: 'disk-full', messages: [{ role: 'user', content: 'acknowledged ' + n }] });
  say('ack ' + n);
}
const fd = openSync(filler, 'w');
for (const size of [1 << 20, 1 << 12, 1 << 9]) {
  try { for (;;) writeSync(fd, Buffer.alloc(size)); } catch {}
}
closeSync(fd);
say('filled');
const started = Date.now();
try {
  const { sql } = await import('drizzle-orm');
  await drizzleStore(store).db.execute(sql\`select pg_switch_wal()\`);
  for (let n = 21; n <= 2000; n += 1) {
    await sessions.append({ sessionId: 'disk-full', messages: [{ role: 'user', content: 'after the disk filled ' + n }] });
    say('ack ' + n);
  }
  say('failed ' + (Date.now() - started) + ' none no error');
} catch (error) {
  say('failed ' + (Date.now() - started) + ' ' + error.name + ' ' + String(error.message).split('\\n')[0].slice(0, 300));
}
const closing = Date.now();
await store.close();
say('closed ' + (Date.now() - closing));
`;

/**
 * Runs the writer of the build whose store entry is `storeEntry` (`build/entry/store.js`) on a fresh tmpfs
 * of `sizeMb`, then reopens the store with `reopenEntry` after freeing space. Needs root (see
 * {@link diskFullUnavailable}); `cwd` must resolve `drizzle-orm` (the repository root).
 */
export async function appendUntilDiskFull({
  storeEntry,
  reopenEntry = storeEntry,
  cwd,
  sizeMb = 64,
  guardMs = 60_000,
}) {
  const mountPoint = mkdtempSync(join(tmpdir(), 'kioku-disk-full-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m`, 'tmpfs', mountPoint]);
  try {
    const directory = join(mountPoint, 'store');
    const filler = join(mountPoint, 'filler');
    const drizzleEntry = storeEntry.replace(/store\.js$/, 'store-drizzle.js');
    const run = await runWriter({ storeEntry, drizzleEntry, directory, filler, cwd, guardMs });
    rmSync(filler, { force: true });
    const { createSessionStore, findSessionProblems, openStore } = await import(
      pathToFileURL(reopenEntry).href
    );
    let reopened;
    try {
      const store = await openStore({ location: directory, create: false });
      try {
        const messages = await createSessionStore(store).messages('disk-full');
        const texts = messages.map((message) => message.content);
        const expected = Array.from({ length: run.acknowledged }, (_, index) =>
          index < 20 ? `acknowledged ${index + 1}` : `after the disk filled ${index + 1}`,
        );
        reopened = {
          messages: messages.length,
          acknowledgedKept: expected.every((text, index) => texts[index] === text),
          unacknowledgedStored: messages.length - run.acknowledged,
          problems: await findSessionProblems(store),
        };
      } finally {
        await store.close();
      }
    } catch (error) {
      reopened = { error: `${error.name}: ${String(error.message).split('\n')[0]}` };
    }
    return { ...run, reopened };
  } finally {
    execFileSync('umount', ['-l', mountPoint]);
    rmSync(mountPoint, { recursive: true, force: true });
  }
}

function runWriter({ storeEntry, drizzleEntry, directory, filler, cwd, guardMs }) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        writer,
        pathToFileURL(storeEntry).href,
        pathToFileURL(drizzleEntry).href,
        directory,
        filler,
      ],
      { cwd, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let acknowledged = 0;
    let failure;
    let closeMs;
    let guard;
    let stderr = '';
    let buffer = '';
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-2000);
    });
    child.stdout.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('ack ')) acknowledged = Number(line.slice(4));
        else if (line === 'filled') guard = setTimeout(() => child.kill('SIGKILL'), guardMs);
        else if (line.startsWith('failed ')) {
          const [, ms, name, ...message] = line.split(' ');
          failure = { ms: Number(ms), name, message: message.join(' ') };
        } else if (line.startsWith('closed ')) closeMs = Number(line.slice(7));
      }
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(guard);
      const outcome =
        failure === undefined
          ? signal === 'SIGKILL'
            ? 'hang'
            : 'exited'
          : failure.name === 'none'
            ? 'no error'
            : /StorageError|StoreError/.test(failure.name)
              ? 'storage-error'
              : 'other-error';
      resolve({
        outcome,
        acknowledged,
        ...(failure === undefined
          ? {}
          : { errorName: failure.name, errorMessage: failure.message, errorAfterMs: failure.ms }),
        ...(closeMs === undefined ? {} : { closeMs }),
        ...(outcome === 'exited' ? { exitCode: code, stderr } : {}),
      });
    });
  });
}

// From the command line (the regression test runs it so): prints the run as JSON, or why it cannot run.
//   node bench/reliability/disk-full.mjs --store-entry packages/kioku/build/entry/store.js
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { 'store-entry': { type: 'string' } } });
  const unavailable = diskFullUnavailable();
  const run =
    unavailable === undefined
      ? await appendUntilDiskFull({ storeEntry: values['store-entry'], cwd: process.cwd() })
      : { skipped: unavailable };
  process.stdout.write(`${JSON.stringify(run)}\n`);
}
