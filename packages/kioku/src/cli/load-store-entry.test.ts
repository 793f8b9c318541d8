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
  it('says Drizzle is missing and how to install it (the drivers load when a store opens)', async () => {
    const failing = loadStoreEntry(() => Promise.reject(notFound('drizzle-orm')));
    await expect(failing).rejects.toThrow(ConfigurationError);
    await expect(loadStoreEntry(() => Promise.reject(notFound('drizzle-orm')))).rejects.toThrow(
      "this command (it keeps its data in kioku's store) needs the optional package drizzle-orm (drizzle-orm is not installed): npm install drizzle-orm",
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
