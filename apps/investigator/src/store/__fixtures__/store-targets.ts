import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresCluster } from 'kioku/test';

/** A store location a test suite runs against, with its set-up and tear-down. */
export interface StoreTarget {
  name: string;
  /** The location to open (valid after `setup`). */
  location: () => string;
  /** Why this target cannot run here (no PostgreSQL outside CI), or undefined. */
  skip?: string | undefined;
  setup: () => Promise<void>;
  teardown: () => Promise<void>;
}

/**
 * The ways the investigator's store is reached, for suites every driver must pass: PGlite in memory,
 * PGlite in a directory, and PostgreSQL over the wire through the `pg` driver (a real server started by
 * kioku/test's `postgresCluster`; skipped, saying why, where there is none outside CI).
 */
export function storeTargets(): StoreTarget[] {
  let directory = '';
  const cluster = postgresCluster();
  return [
    { name: 'PGlite in memory', location: () => 'memory://', setup: async () => {}, teardown: async () => {} },
    {
      name: 'PGlite in a directory',
      location: () => join(directory, 'store'),
      setup: async () => {
        directory = mkdtempSync(join(tmpdir(), 'investigator-store-'));
      },
      teardown: async () => rmSync(directory, { recursive: true, force: true }),
    },
    {
      name: 'PostgreSQL (a server started for this file)',
      location: () => cluster.url(),
      skip: cluster.skip,
      setup: cluster.setup,
      teardown: cluster.teardown,
    },
  ];
}
