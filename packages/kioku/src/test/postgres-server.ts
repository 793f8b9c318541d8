import { openStore } from '../store/open-store.js';
import type { Store } from '../store/store.js';
import { type PostgresCluster, postgresCluster } from './postgres-cluster.js';

/** A PostgreSQL server with pgvector started for a test file, or the reason it cannot be. */
export interface PostgresServer extends PostgresCluster {
  /** Opens the cluster's database through the `pg` driver; every call opens the same data. */
  open: () => Promise<Store>;
}

/** {@link postgresCluster} with `open`, for kioku's own store suites. */
export function postgresServer(): PostgresServer {
  const cluster = postgresCluster();
  return { ...cluster, open: () => openStore({ location: cluster.url() }) };
}
