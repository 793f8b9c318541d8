export { defaultStoreLocation } from './default-store-location.js';
export { type MigrateStoreOptions, migrateStore } from './migrate-store.js';
export type { Migration } from './migration.js';
export { migrations } from './migrations/index.js';
export { type OpenStoreOptions, openStore } from './open-store.js';
export * as storeSchema from './schema/index.js';
export type {
  Store,
  StoreDatabase,
  StoreDriver,
  StoreSchema,
  StoreTransaction,
  StoreTransactionConfig,
} from './store.js';
export { storeFromDatabase } from './store-from-database.js';
