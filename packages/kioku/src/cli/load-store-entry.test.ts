import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../index.js';
import { loadStoreEntry } from './load-store-entry.js';

const notFound = (name: string) =>
  Object.assign(
    new Error(`Cannot find package '${name}' imported from /app/dist/store/open-pglite-store.js`),
    {
      code: 'ERR_MODULE_NOT_FOUND',
    },
  );

describe('loadStoreEntry', () => {
  it('says which optional package is missing and how to install them', async () => {
    const failing = loadStoreEntry(() => Promise.reject(notFound('@electric-sql/pglite')));
    await expect(failing).rejects.toThrow(ConfigurationError);
    await expect(loadStoreEntry(() => Promise.reject(notFound('pg')))).rejects.toThrow(
      /needs the optional packages .*\(pg is not installed\): npm install @electric-sql\/pglite @electric-sql\/pglite-pgvector drizzle-orm pg/,
    );
  });

  it('rethrows any other failure as it is', async () => {
    const other = notFound('left-pad');
    await expect(loadStoreEntry(() => Promise.reject(other))).rejects.toBe(other);
  });

  it('loads kioku/store when its packages are installed', async () => {
    expect(typeof (await loadStoreEntry()).openStore).toBe('function');
  });
});
