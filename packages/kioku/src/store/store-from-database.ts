import type { Store, StoreDatabase, StoreDriver } from './store.js';

/** The `Store` object both drivers return: `close` runs once however often it is called. */
export function storeFromDatabase({
  driver,
  location,
  db,
  close,
}: {
  driver: StoreDriver;
  location: string;
  db: StoreDatabase;
  close: () => Promise<void>;
}): Store {
  let closing: Promise<void> | undefined;
  return {
    driver,
    location,
    db,
    transaction: (work, config) => db.transaction(work, config),
    close: () => {
      closing ??= close();
      return closing;
    },
  };
}
