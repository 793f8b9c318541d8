import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoreError } from '../errors/index.js';
import { openStore } from './open-store.js';

describe('openStore on a PostgreSQL server without pgvector', () => {
  let served: PGlite;
  let server: PGLiteSocketServer;
  beforeAll(async () => {
    served = await PGlite.create('memory://');
    server = new PGLiteSocketServer({ db: served, host: '127.0.0.1', port: 0 });
    await server.start();
  });
  afterAll(async () => {
    await server.stop();
    await served.close();
  });

  it('says pgvector is missing and what to do, without the SQL, its parameters or the password', async () => {
    const error = await openStore({
      location: `postgres://postgres:hunter2@${server.getServerConn()}/postgres?sslmode=disable`,
    }).catch((caught: unknown) => caught);
    expect(StoreError.isInstance(error)).toBe(true);
    const { message } = error as Error;
    expect(message).toMatch(/pgvector is not available .*install pgvector on the server/);
    expect(message).not.toMatch(/Failed query|params:|hunter2/);
  });
});
