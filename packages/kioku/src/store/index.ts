export { defaultStoreLocation } from './default-store-location.js';
export { drizzleStore } from './drizzle-store.js';
export { type MigrateStoreOptions, migrateStore } from './migrate-store.js';
export type { Migration } from './migration.js';
export { migrations } from './migrations/index.js';
export { type OpenStoreOptions, openStore } from './open-store.js';
export { registerVectorSerializer } from './register-vector-serializer.js';
/** kioku's tables as Drizzle schema objects (sessions, messages, views, memories, tool graphs…), for queries of your own. */
export * as storeSchema from './schema/index.js';
export type { Store, StoreDriver } from './store.js';
export type {
  DrizzleStore,
  StoreDatabase,
  StoreSchema,
  StoreTransaction,
  StoreTransactionConfig,
} from './store-database.js';
export { storeFromDatabase } from './store-from-database.js';
