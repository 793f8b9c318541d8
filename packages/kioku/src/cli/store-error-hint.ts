import { StoreLockedError, UnknownMemoryError, UnknownSessionError } from '../entry/store.js';

export { storageErrorFromDriver } from '../entry/store.js';

/** Store errors whose fix the CLI can name as a command or a flag. */
const hints: Array<{ matches: (error: unknown) => boolean; hint: string }> = [
  {
    matches: (error) => UnknownSessionError.isInstance(error),
    hint: '`kioku sessions list` shows the sessions there are',
  },
  {
    matches: (error) => UnknownMemoryError.isInstance(error),
    hint: '`kioku memory list` shows the memories there are',
  },
  {
    matches: (error) => StoreLockedError.isInstance(error),
    hint: 'to share memories between processes, give --store postgres://…',
  },
];

/**
 * What a CLI user can do about an error of the store layer, or undefined. In its own module, which
 * `describeCliError` imports only for an error that may come from the store: importing `kioku/store`
 * loads Drizzle, which commands without a store must not pay for at start-up.
 */
export function storeErrorHint(error: unknown): string | undefined {
  return hints.find(({ matches }) => matches(error))?.hint;
}
