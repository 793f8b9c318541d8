import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrationHash } from './migrate-store.js';
import type { Migration } from './migration.js';

/** What a store template holds: the PGlite it was made with and the migrations applied to it. */
export interface StoreTemplate {
  /** The gzipped tar of the data directory (PGlite's `dumpDataDir('gzip')`). */
  tarball: string;
  /** The JSON file that describes it: `{ pglite, migrations: [{ tag, hash }] }`. */
  manifestFile: string;
  /** What a template made now, with `migrations`, holds. */
  manifest: { pglite: string; migrations: { tag: string; hash: string }[] };
}

// dist/store-template, from src/store (tests) as from dist/store (the package).
const defaultDirectory = fileURLToPath(new URL('../../dist/store-template/', import.meta.url));

/**
 * Where the store template lives (default `packages/kioku/dist/store-template`, written by the build) and
 * what a template made now would hold: the installed PGlite's version and `migrations`' tags and hashes.
 */
export function storeTemplate({
  directory = defaultDirectory,
  migrations,
}: {
  directory?: string;
  migrations: readonly Migration[];
}): StoreTemplate {
  return {
    tarball: join(directory, 'pglite.tar.gz'),
    manifestFile: join(directory, 'pglite.json'),
    manifest: {
      pglite: pgliteVersion(),
      migrations: migrations.map((migration) => ({ tag: migration.tag, hash: migrationHash(migration) })),
    },
  };
}

function pgliteVersion(): string {
  // The package exports no ./package.json: find it beside its entry point.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = createRequire(import.meta.url)(join(dirname(dirname(entry)), 'package.json')) as {
    version: string;
  };
  return manifest.version;
}
