export { investigatorLedger, investigatorMigrations } from './investigator-migrations.js';
export {
  defaultInvestigatorStoreLocation,
  type OpenInvestigatorStoreOptions,
  openInvestigatorStore,
} from './open-investigator-store.js';
export { rowsOf } from './rows-of.js';
