import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { drizzle } from 'drizzle-orm/pglite';
import { migrateStore } from './migrate-store.js';
import type { Migration } from './migration.js';
import { migrations as allMigrations } from './migrations/index.js';
import * as schema from './schema/index.js';
import { storeTemplate } from './store-template.js';

/**
 * Writes the store template: a PGlite data directory with pgvector enabled and `migrations` applied
 * (default: all of them), dumped as a gzipped tar, so that a new store loads it instead of running initdb
 * (seconds in WebAssembly). Does nothing when the template there already holds the same PGlite and
 * migrations. The build runs it (`build-store-template.mjs`); returns whether it wrote.
 */
export async function writeStoreTemplate({
  directory,
  migrations = allMigrations,
}: {
  directory?: string;
  migrations?: readonly Migration[];
} = {}): Promise<boolean> {
  const { tarball, manifestFile, manifest } = storeTemplate({
    migrations,
    ...(directory ? { directory } : {}),
  });
  const described = `${JSON.stringify(manifest, null, 2)}\n`;
  try {
    if (readFileSync(manifestFile, 'utf8') === described && readFileSync(tarball).length > 0) return false;
  } catch {
    // No template yet: make it.
  }
  const client = await PGlite.create('memory://', { extensions: { vector } });
  try {
    await migrateStore(drizzle({ client, schema }), { migrations, location: 'memory://' });
    const dump = await client.dumpDataDir('gzip');
    mkdirSync(dirname(tarball), { recursive: true });
    // The manifest goes first and comes back last: a tarball without its manifest is never used.
    rmSync(manifestFile, { force: true });
    writeFileSync(`${tarball}.tmp`, Buffer.from(await dump.arrayBuffer()));
    renameSync(`${tarball}.tmp`, tarball);
    writeFileSync(`${manifestFile}.tmp`, described);
    renameSync(`${manifestFile}.tmp`, manifestFile);
    return true;
  } finally {
    await client.close();
  }
}
