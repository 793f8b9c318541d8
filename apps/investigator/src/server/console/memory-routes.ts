import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { createHashingEmbedder, openMemory } from 'kioku/store';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { createAuditLog } from '../../audit/index.js';
import { rowsOf } from '../../store/rows-of.js';
import type { ConsoleEnv } from './console-env.js';

/**
 * The console's memory routes over kioku memory namespaces (default `logs_run`, the log sub-agent's):
 * `GET /memory` lists each namespace's claims with their scores, the request each was learned from and
 * the latest requests that recalled it (`recordRecalls`); `DELETE /memory/:namespace/:id` deletes one and
 * its recalls (404 when there is none).
 */
export function memoryRoutes({
  store,
  namespaces = ['logs_run'],
}: {
  store: DrizzleStore;
  namespaces?: readonly string[];
}): Hono<ConsoleEnv> {
  const app = new Hono<ConsoleEnv>();
  const open = (namespace: string) => openMemory({ store, embedder: createHashingEmbedder(), namespace });

  const recalls = async (namespace: string) => {
    const rows = rowsOf<{ memory_id: string | number; request: string; recalled_at: string | Date }>(
      await store.db.execute(sql`select memory_id, request, recalled_at from investigator_memory_recalls
        where namespace = ${namespace} order by recalled_at desc, id desc limit 1000`),
    );
    const byMemory = new Map<number, { request: string; at: string }[]>();
    for (const row of rows) {
      const list = byMemory.get(Number(row.memory_id)) ?? [];
      if (list.length < 5) list.push({ request: row.request, at: new Date(row.recalled_at).toISOString() });
      byMemory.set(Number(row.memory_id), list);
    }
    return byMemory;
  };

  app.get('/memory', async (c) => {
    const lists = await Promise.all(
      namespaces.map(async (namespace) => {
        const recalled = await recalls(namespace);
        return {
          namespace,
          memories: (await (await open(namespace)).list()).map((memory) => ({
            id: memory.id,
            claim: memory.claim,
            request: memory.request,
            score: memory.score,
            createdAt: memory.createdAt.toISOString(),
            updatedAt: memory.updatedAt.toISOString(),
            recalledBy: recalled.get(memory.id) ?? [],
          })),
        };
      }),
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
    const memory = await open(namespace);
    const before = (await memory.list()).find((entry) => entry.id === id);
    const deleted = await memory.delete(id);
    await store.db.execute(
      sql`delete from investigator_memory_recalls where namespace = ${namespace} and memory_id = ${id}`,
    );
    if (!deleted)
      return c.json({ error: { code: 'not_found', message: `no memory ${namespace}/${id}` } }, 404);
    const user = c.get('user');
    await createAuditLog(store).record(store.db, {
      actor: { name: user.name, via: user.via },
      action: 'memory.delete',
      target: `memory:${namespace}/${id}`,
      before:
        before === undefined ? null : { claim: before.claim, score: before.score, request: before.request },
    });
    return c.json({ deleted: id });
  });

  return app;
}
