import type { Command } from 'commander';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { defaultInvestigatorStoreLocation, openInvestigatorStore } from '../store/index.js';

/** The `--store` option every command that reads or writes alerts takes. */
export interface StoreOption {
  store?: string;
}

/** Adds `--store <location>` to `command`. */
export function withStoreOption(command: Command): Command {
  return command.option(
    '--store <location>',
    'where alerts are kept: a directory (PGlite, embedded), memory:// or a postgres:// URL (default: $INVESTIGATOR_STORE, else ./.investigator)',
  );
}

/** Opens the investigator store `--store` names, runs `work` with it, and closes it. */
export async function withStore<T>(
  options: StoreOption,
  work: (store: DrizzleStore) => Promise<T>,
): Promise<T> {
  const store = await openInvestigatorStore({
    location: options.store ?? defaultInvestigatorStoreLocation(),
  });
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}
