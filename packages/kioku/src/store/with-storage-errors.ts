import { storageErrorFromDriver } from '../errors/storage-error-from-driver.js';

/**
 * `api` with every method's failed query turned into a `StorageError` (`storageErrorFromDriver`): the
 * driver's reason (a full disk, a server that went away, a store that stopped) without the statement's
 * parameters, which hold what the caller stored. Other errors pass through unchanged.
 */
export function withStorageErrors<Api extends object>(api: Api): Api {
  const guarded: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(api)) {
    guarded[name] =
      typeof value === 'function'
        ? async (...args: unknown[]) => {
            try {
              return await (value as (...args: unknown[]) => unknown).apply(api, args);
            } catch (error) {
              throw storageErrorFromDriver(error) ?? error;
            }
          }
        : value;
  }
  return guarded as Api;
}
