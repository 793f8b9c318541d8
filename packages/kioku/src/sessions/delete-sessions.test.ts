import type { ModelMessage } from 'ai';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidSessionInputError } from '../errors/index.js';
import { createHashingEmbedder } from '../memory/hashing-embedder.js';
import { openEvictedHistory } from '../memory/open-evicted-history.js';
import { openMemory } from '../memory/open-memory.js';
import { drizzleStore, openStore, type Store } from '../store/index.js';
import { createToolGraph } from '../tool-graph/tool-graph.js';
import { openToolGraphStore } from '../tool-graph-store/open-tool-graph-store.js';
import { createSessionStore } from './create-session-store.js';
import type { SessionStore } from './session-store.js';

const turn: ModelMessage[] = [
  { role: 'user', content: 'Triage alert 4711 on MKT01.' },
  { role: 'assistant', content: 'winx64_payload.exe read LSASS memory on MKT01.' },
];

let store: Store;
let sessions: SessionStore;
beforeAll(async () => {
  store = await openStore({ location: 'memory://' });
  sessions = createSessionStore(store);
});
afterAll(() => store.close());

async function session(id: string): Promise<void> {
  await sessions.create({ id });
  await sessions.append({ sessionId: id, messages: turn });
  await sessions.recordCompaction({
    sessionId: id,
    replaces: { from: 0, to: 1 },
    summary: [{ role: 'user', content: 'Summary: alert 4711.' }],
    strategy: 'summary',
    tokensBefore: 20,
    tokensAfter: 8,
  });
}

async function count(table: string, where = sql`true`): Promise<number> {
  const result = (await drizzleStore(store).db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? -1;
}

describe('SessionStore.delete and prune', () => {
  it('deletes one session, its views and its recall chunks, and nothing else', async () => {
    await session('gone');
    await session('kept');
    const embedder = createHashingEmbedder();
    const evicted = await openEvictedHistory({ store, embedder });
    for (const sessionId of ['gone', 'kept']) {
      await evicted.rememberEvicted({ sessionId, messages: turn, firstPosition: 0 });
    }
    const memory = await openMemory({ store, embedder });
    await memory.addMany([
      { claim: 'lsass_windows holds Sysmon event 10.', request: 'where is LSASS access' },
    ]);
    const graphs = openToolGraphStore({ store });
    await graphs.save({ graph: createToolGraph() });

    expect(await sessions.delete('gone')).toBe(true);
    await expect(sessions.get('gone')).rejects.toThrow(/gone/);
    expect(await count('kioku_session_messages', sql`session_id = 'gone'`)).toBe(0);
    expect(await count('kioku_session_views', sql`session_id = 'gone'`)).toBe(0);
    expect(await count('kioku_evicted_chunks', sql`session_id = 'gone'`)).toBe(0);
    // Nothing else: the other session whole, its chunks, the memories, the tool graph.
    expect(await sessions.messages('kept')).toEqual(turn);
    expect((await sessions.export('kept')).views).toHaveLength(1);
    expect(await count('kioku_evicted_chunks', sql`session_id = 'kept'`)).toBeGreaterThan(0);
    expect(await memory.count()).toBe(1);
    expect(await graphs.load()).toBeDefined();

    expect(await sessions.delete('gone')).toBe(false);
    await expect(sessions.delete('')).rejects.toThrow(InvalidSessionInputError);
  });

  it('prunes the sessions last written before a time, listing them first on a dry run', async () => {
    await session('old-1');
    await session('old-2');
    const cut = await databaseNow();
    await session('recent');
    // Written after the cut, so kept, however old the session is.
    await sessions.append({ sessionId: 'kept', messages: turn });
    const would = await sessions.prune({ updatedBefore: cut, dryRun: true });
    expect(would.sort()).toEqual(['old-1', 'old-2']);
    expect(await sessions.messages('old-1')).toEqual(turn);
    const deleted = await sessions.prune({ updatedBefore: cut });
    expect(deleted.sort()).toEqual(['old-1', 'old-2']);
    expect((await sessions.list()).map((listed) => listed.id).sort()).toEqual(['kept', 'recent']);
    expect(await sessions.prune({ updatedBefore: cut })).toEqual([]);
    await expect(sessions.prune({ updatedBefore: new Date('nope') })).rejects.toThrow(/updatedBefore/);
  });
});

/** A time of the database's clock (which stamps updated_at) after every write so far. */
async function databaseNow(): Promise<Date> {
  // Read the clock until it has passed the last write's stamp (PGlite's counts milliseconds).
  for (;;) {
    const result = (await drizzleStore(store).db.execute(
      sql`select now > (select max(updated_at) from kioku_sessions) as later, extract(epoch from now) * 1000 as ms
          from (select date_trunc('milliseconds', clock_timestamp()) as now) clock`,
    )) as unknown as { rows: { later: boolean; ms: number | string }[] };
    const row = result.rows[0];
    if (row?.later === true) return new Date(Number(row.ms));
  }
}
