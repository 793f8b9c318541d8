import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSecurityLogs } from '../load-security-logs.js';
import type { LogEngine } from '../log-engine.js';
import { openDuckDbLogEngine } from '../duckdb/open-duckdb-log-engine.js';

/**
 * The part of the shared security-logs set the tests use, committed byte for byte in
 * `apps/investigator/samples/security-logs` (Log4Shell, Golden SAML, CloudTrail, the LSASS campaign's
 * Zeek logs, APT29 Zeek; MIT): a clone without `../shared` runs them too.
 */
export const securityLogsSource = fileURLToPath(new URL('../../../samples/security-logs', import.meta.url));

/** Builds a small log database (the Log4Shell dataset, five tables) in a fresh temporary folder. */
export async function buildLog4ShellDatabase(): Promise<{ dir: string; file: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'investigator-logs-'));
  const file = join(dir, 'logs.duckdb');
  await loadSecurityLogs({ source: securityLogsSource, file, only: ['log4shell'] });
  return { dir, file, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** {@link buildLog4ShellDatabase}, opened as a guarded DuckDB log engine; `close` also removes the folder. */
export async function openLog4ShellEngine(): Promise<{ engine: LogEngine; close: () => Promise<void> }> {
  const database = await buildLog4ShellDatabase();
  const engine = await openDuckDbLogEngine({ file: database.file });
  return {
    engine,
    close: async () => {
      await engine.close();
      await database.remove();
    },
  };
}
