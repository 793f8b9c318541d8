import { join } from 'node:path';

/**
 * Where the log database is kept when no file is given: `INVESTIGATOR_LOGS_DB`, else
 * `./.investigator-logs/security-logs.duckdb`.
 */
export function defaultLogDatabase(env: NodeJS.ProcessEnv = process.env): string {
  return env.INVESTIGATOR_LOGS_DB || join('.investigator-logs', 'security-logs.duckdb');
}
