import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { KiokuError } from '../errors/kioku-error.js';
import { StoreError } from '../errors/store-error.js';
import { checkDataDirectory, prepareStoreDirectory } from './check-store-directory.js';
import { extractTar } from './extract-tar.js';
import { lockDirectory } from './lock-directory.js';
import { migrateStore } from './migrate-store.js';
import { migrations } from './migrations/index.js';
import { migrationsApplied } from './migrations-applied.js';
import { startPgliteHost } from './pglite-host.js';
import { readStoreTemplate } from './read-store-template.js';
import * as schema from './schema/index.js';
import type { DrizzleStore } from './store-database.js';
import { storeFromDatabase } from './store-from-database.js';

/**
 * Opens PGlite (Postgres in WebAssembly, with pgvector) in a worker thread of this process
 * (`startPgliteHost`): in memory when `directory` is
 * undefined, else in `<directory>/pglite`, holding `<directory>/lock` until closed. A new store starts
 * from the build's store template when it fits (`readStoreTemplate`), else from initdb.
 */
export async function openPgliteStore({
  directory,
  location,
  create,
}: {
  directory: string | undefined;
  location: string;
  create: boolean;
}): Promise<DrizzleStore> {
  if (directory === undefined) {
    return open({ dataDir: 'memory://', location, template: readStoreTemplate({ migrations }) });
  }
  // The file system's own errors (no permission, a full disk) pass as they are: they name the path.
  prepareStoreDirectory({ directory, location, create });
  const release = lockDirectory({ directory, location });
  try {
    const dataDir = join(directory, 'pglite');
    if (!existsSync(dataDir)) {
      if (!create) throw new StoreError({ location, message: 'no store here (no pglite data directory)' });
      await initialize({ dataDir, location });
    }
    checkDataDirectory({ dataDir, location });
    // Postgres refuses to start on an empty postmaster.pid, which a process killed while starting can
    // leave behind. The lock taken above means no other process runs this data directory: remove it.
    rmSync(join(dataDir, 'postmaster.pid'), { force: true });
    return await open({ dataDir, location, release });
  } catch (error) {
    release();
    throw error;
  }
}

// initdb is not atomic: a process killed halfway would leave a data directory that never opens. Make it
// beside, then rename it into place: the rename is the commit. From the store template (extracted here,
// no PGlite needed: the opening that follows applies any newer migrations), else with initdb and the
// migrations.
async function initialize({ dataDir, location }: { dataDir: string; location: string }): Promise<void> {
  const building = `${dataDir}.init`;
  rmSync(building, { recursive: true, force: true });
  const template = readStoreTemplate({ migrations });
  if (template !== undefined) {
    try {
      extractTar(template, building);
      renameSync(building, dataDir);
      return;
    } catch (error) {
      rmSync(building, { recursive: true, force: true });
      // The file system refused (a full disk, no permission): initdb would meet the same.
      const code = (error as NodeJS.ErrnoException).code;
      if (typeof code === 'string') {
        throw new StoreError({
          location,
          message: `cannot create the store: ${describe(error)}`,
          cause: error,
        });
      }
      // A damaged template: make the store without it.
    }
  }
  const store = await open({ dataDir: building, location });
  await store.close();
  renameSync(building, dataDir);
}

async function open({
  dataDir,
  location,
  release,
  template,
}: {
  dataDir: string;
  location: string;
  release?: () => void;
  /** A data directory (gzipped tar) to start a new store from; the migrations run on it as on any store. */
  template?: Uint8Array | undefined;
}): Promise<DrizzleStore> {
  const host = await startPgliteHost({ dataDir, location, template });
  try {
    const db = drizzle({ client: host.client as unknown as PGlite, schema });
    // A reopened store is usually up to date: one read of the ledger, not a migration transaction.
    if (!(await migrationsApplied(db, migrations))) await migrateStore(db, { migrations, location });
    await host.registerVectorSerializer();
    return storeFromDatabase({
      driver: 'pglite',
      location,
      db,
      close: async () => {
        try {
          await host.close();
        } finally {
          release?.();
        }
      },
    });
  } catch (error) {
    await host.close().catch(() => undefined);
    if (KiokuError.isInstance(error)) throw error;
    throw new StoreError({ location, message: `PGlite could not open it: ${describe(error)}`, cause: error });
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
