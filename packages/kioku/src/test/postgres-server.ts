import { openStore } from '../store/open-store.js';
import type { Store } from '../store/store.js';
import { type PostgresCluster, postgresCluster } from './postgres-cluster.js';

/** A {@link PostgresCluster} whose database opens as a kioku store. */
export interface PostgresServer extends PostgresCluster {
  /** Opens the cluster's database through the `pg` driver; every call opens the same data. */
  open: () => Promise<Store>;
}

/** A real PostgreSQL with pgvector for a test file (see {@link postgresCluster}), opened as kioku stores. */
export function postgresServer(): PostgresServer {
  const cluster = postgresCluster();
  return { ...cluster, open: () => openStore({ location: cluster.url() }) };
}
