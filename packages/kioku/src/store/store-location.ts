import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StoreError } from '../errors/store-error.js';
import { findUnencodedCredentials } from './find-unencoded-credentials.js';
import { maskStoreUrl } from './mask-store-url.js';

/** A store location, resolved: which driver, and what it opens. `display` never holds a password. */
export type StoreLocation =
  | { driver: 'pglite'; directory: string; display: string }
  | { driver: 'pglite'; directory: undefined; display: 'memory://' }
  | { driver: 'postgres'; url: string; display: string };

/**
 * Reads a location: `memory://` (PGlite in memory), `postgres://` or `postgresql://` (a server), a
 * `file://` URL or any other text as a directory path (PGlite on disk).
 */
export function parseStoreLocation(location: string): StoreLocation {
  if (location.trim() === '') {
    throw new StoreError({
      location: "''",
      message: 'empty location; give a directory, memory:// or a postgres:// URL',
    });
  }
  if (location === 'memory://') return { driver: 'pglite', directory: undefined, display: 'memory://' };
  if (/^postgres(ql)?:\/\//i.test(location)) {
    const display = maskStoreUrl(location);
    const unencoded = findUnencodedCredentials(location);
    if (unencoded !== undefined) throw new StoreError({ location: display, message: unencoded });
    return { driver: 'postgres', url: location, display };
  }
  if (/^file:\/\//i.test(location)) {
    const directory = fileURLToPath(location);
    return { driver: 'pglite', directory, display: directory };
  }
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(location)?.[1];
  if (scheme !== undefined) {
    throw new StoreError({
      location: maskStoreUrl(location),
      message: `unknown scheme ${scheme}://; give a directory, memory:// or a postgres:// URL`,
    });
  }
  const directory = resolve(location);
  return { driver: 'pglite', directory, display: directory };
}
