import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { openStore } from '../store/open-store.js';
import type { Store } from '../store/store.js';

/** A real Postgres engine with pgvector reached over the wire: a PGlite served on a loopback port. */
export interface ServedPglite {
  /** Starts the server (for `beforeAll`). */
  setup: () => Promise<void>;
  /** Stops it (for `afterAll`). */
  teardown: () => Promise<void>;
  /** Opens the served database through the `pg` driver; every call opens the same data. */
  open: () => Promise<Store>;
}

/**
 * A PGlite in memory served by `@electric-sql/pglite-socket` on 127.0.0.1 (a free port), so the `pg`
 * path of `openStore` talks to a real Postgres engine with pgvector.
 */
export function servedPglite(): ServedPglite {
  let server: PGLiteSocketServer | undefined;
  let served: PGlite | undefined;
  let url = '';
  return {
    setup: async () => {
      served = await PGlite.create('memory://', { extensions: { vector } });
      server = new PGLiteSocketServer({ db: served, host: '127.0.0.1', port: 0, maxConnections: 16 });
      await server.start();
      url = `postgres://postgres:secret@${server.getServerConn()}/postgres?sslmode=disable`;
    },
    teardown: async () => {
      await server?.stop();
      await served?.close();
    },
    open: () => openStore({ location: url }),
  };
}
