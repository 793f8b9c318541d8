import { readFileSync } from 'node:fs';
import type { Migration } from './migration.js';
import { type StoreTemplate, storeTemplate } from './store-template.js';

/**
 * The store template (a gzipped tar of a data directory), when it fits: made by the installed PGlite,
 * with migrations that are a prefix of `migrations` (the migration runner applies the rest). Undefined
 * when there is none or it does not fit; the store is then made with initdb, as without a template.
 */
export function readStoreTemplate(options: {
  directory?: string;
  migrations: readonly Migration[];
}): Buffer | undefined {
  const { tarball, manifestFile, manifest } = storeTemplate(options);
  let made: StoreTemplate['manifest'];
  try {
    made = JSON.parse(readFileSync(manifestFile, 'utf8')) as StoreTemplate['manifest'];
  } catch {
    return undefined;
  }
  if (made.pglite !== manifest.pglite || !Array.isArray(made.migrations)) return undefined;
  if (made.migrations.length > manifest.migrations.length) return undefined;
  const prefix = made.migrations.every(
    (migration, index) =>
      migration.tag === manifest.migrations[index]?.tag &&
      migration.hash === manifest.migrations[index]?.hash,
  );
  if (!prefix) return undefined;
  try {
    return readFileSync(tarball);
  } catch {
    return undefined;
  }
}
