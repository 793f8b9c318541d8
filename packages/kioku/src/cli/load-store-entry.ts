import { ConfigurationError } from '../index.js';

/** The packages `kioku/store` needs, optional peers of kioku. */
export const storePackages = ['@electric-sql/pglite', '@electric-sql/pglite-pgvector', 'drizzle-orm', 'pg'];

/**
 * Imports `kioku/store` for a command that keeps its data in the store (only then: it loads PGlite,
 * Drizzle and `pg`). When one of those optional packages is not installed, throws a `ConfigurationError`
 * naming the command to install them. `load` is the import (replaced in tests).
 */
export async function loadStoreEntry(
  load: () => Promise<typeof import('../entry/store.js')> = () => import('../entry/store.js'),
): Promise<typeof import('../entry/store.js')> {
  try {
    return await load();
  } catch (error) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    const missing = storePackages.filter(
      (name) => code === 'ERR_MODULE_NOT_FOUND' && String(message).includes(`'${name}'`),
    );
    if (missing.length === 0) throw error;
    throw new ConfigurationError({
      name: 'ConfigurationError',
      message: `this command keeps its data in kioku's store, which needs the optional packages ${storePackages.join(', ')} (${missing.join(', ')} is not installed): npm install ${storePackages.join(' ')}`,
      cause: error,
    });
  }
}
