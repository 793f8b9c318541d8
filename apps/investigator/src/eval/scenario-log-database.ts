import { join } from 'node:path';
import { importLogFiles } from '../logs/index.js';
import type { Scenario } from './scenario.js';

/** Options of {@link scenarioLogDatabase}. */
export interface ScenarioLogDatabaseOptions {
  scenario: Scenario;
  /** The database `logs load` built: what a scenario without `imports` runs on. */
  loaded: string;
  /** The security-logs folder the `imports` files are relative to. */
  securityLogs: string;
  /** A folder for the databases the imports build (one per scenario). */
  scratch: string;
}

/**
 * The log database a scenario runs on: for a scenario with `imports`, a fresh one built in `scratch` by
 * `importLogFiles` alone, table by table with the scenario's neutral descriptions; else `loaded`.
 */
export async function scenarioLogDatabase({
  scenario,
  loaded,
  securityLogs,
  scratch,
}: ScenarioLogDatabaseOptions): Promise<string> {
  if (scenario.imports === undefined) return loaded;
  const database = join(scratch, `${scenario.id}.duckdb`);
  for (const entry of scenario.imports) {
    await importLogFiles({
      database,
      table: entry.table,
      files: entry.files.map((file) => join(securityLogs, file)),
      description: entry.description,
      mode: 'replace',
      ...(entry.format === undefined ? {} : { format: entry.format }),
    });
  }
  return database;
}
