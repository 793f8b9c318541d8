// A store directory that is no longer a valid store, as a user meets it: an embedded store holding
// memories and a session loses `pglite/PG_VERSION` (a bad copy, a partial restore), and the user runs
// `kioku memory list` on it. What does the command do, and is the data still there once the file is put
// back? Used by bench/reliability/store.mjs (before and after).

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Makes a store with `memories` memories and one session with the build at `dist` (a built
 * `packages/kioku/dist`), removes its PG_VERSION, runs that build's `kioku memory list` on it, puts the
 * file back and counts what is left.
 */
export async function listWithoutPgVersion({ dist, memories = 170 }) {
  const entry = await import(pathToFileURL(join(dist, 'entry/store.js')).href);
  const root = mkdtempSync(join(tmpdir(), 'kioku-invalid-store-'));
  const location = join(root, 'store');
  try {
    const store = await entry.openStore({ location });
    try {
      const memory = await entry.openMemory({ store, embedder: entry.createHashingEmbedder() });
      await memory.addMany(
        Array.from({ length: memories }, (_, index) => ({
          claim: `Table logs_${index} keeps one row per login, keyed by session_id.`,
          request: `which table holds logins ${index}`,
        })),
      );
      const sessions = entry.createSessionStore(store);
      await sessions.create({ id: 'kept' });
      await sessions.append({ sessionId: 'kept', messages: [{ role: 'user', content: 'remember me' }] });
    } finally {
      await store.close();
    }
    const version = join(location, 'pglite', 'PG_VERSION');
    const saved = readFileSync(version);
    rmSync(version);
    const cli = spawnSync(
      process.execPath,
      [join(dist, 'cli/main.js'), 'memory', 'list', '--store', location],
      {
        encoding: 'utf8',
      },
    );
    const pgVersionAfterCommand = (() => {
      try {
        return readFileSync(version, 'utf8').trim();
      } catch {
        return undefined;
      }
    })();
    writeFileSync(version, saved);
    let left;
    try {
      const reopened = await entry.openStore({ location, create: false });
      try {
        const memory = await entry.openMemory({ store: reopened, embedder: entry.createHashingEmbedder() });
        const session = await entry
          .createSessionStore(reopened)
          .messages('kept')
          .catch(() => []);
        left = { memories: await memory.count(), sessionMessages: session.length };
      } finally {
        await reopened.close();
      }
    } catch (error) {
      left = { error: `${error.name}: ${String(error.message).split('\n')[0]}` };
    }
    return {
      memories,
      command: {
        exitCode: cli.status,
        stdout: cli.stdout.trim().split('\n')[0]?.slice(0, 200) ?? '',
        stderr: cli.stderr.trim().split('\n')[0]?.slice(0, 300) ?? '',
        // PGlite writes a new PG_VERSION when it initialises a database over the directory.
        wroteNewPgVersion: pgVersionAfterCommand !== undefined,
      },
      left,
      dataKept: left.memories === memories && left.sessionMessages === 1,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
