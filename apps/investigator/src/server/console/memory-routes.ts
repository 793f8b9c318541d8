import { Hono } from 'hono';
import { createHashingEmbedder, openMemory, type Store } from 'kioku/store';
import type { ConsoleEnv } from './console-env.js';

/**
 * The console's memory routes over kioku memory namespaces (default `logs_run`, the log sub-agent's):
 * `GET /memory` lists each namespace's claims with their scores and the request each was learned from;
 * `DELETE /memory/:namespace/:id` deletes one (404 when there is none).
 */
export function memoryRoutes({
  store,
  namespaces = ['logs_run'],
}: {
  store: Store;
  namespaces?: readonly string[];
}): Hono<ConsoleEnv> {
  const app = new Hono<ConsoleEnv>();
  const open = (namespace: string) => openMemory({ store, embedder: createHashingEmbedder(), namespace });

  app.get('/memory', async (c) => {
    const lists = await Promise.all(
      namespaces.map(async (namespace) => ({
        namespace,
        memories: (await (await open(namespace)).list()).map((memory) => ({
          id: memory.id,
          claim: memory.claim,
          request: memory.request,
          score: memory.score,
          createdAt: memory.createdAt.toISOString(),
          updatedAt: memory.updatedAt.toISOString(),
        })),
      })),
    );
    return c.json({ namespaces: lists });
  });

  app.delete('/memory/:namespace/:id', async (c) => {
    const namespace = c.req.param('namespace');
    const id = Number(c.req.param('id'));
    if (!namespaces.includes(namespace) || !Number.isInteger(id)) {
      return c.json(
        { error: { code: 'not_found', message: `no memory ${namespace}/${c.req.param('id')}` } },
        404,
      );
    }
    const deleted = await (await open(namespace)).delete(id);
    if (!deleted)
      return c.json({ error: { code: 'not_found', message: `no memory ${namespace}/${id}` } }, 404);
    return c.json({ deleted: id });
  });

  return app;
}
