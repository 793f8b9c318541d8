import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ModelMessage } from 'ai';
import { asc, cosineDistance, eq, sql } from 'drizzle-orm';
import { integer, PgDialect, pgTable, vector as vectorColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoreError } from '../errors/index.js';
import { createSessionStore } from '../sessions/index.js';
import { postgresServer } from '../test/postgres-server.js';
import { servedPglite } from '../test/served-pglite.js';
import { importTranscript } from '../transcripts/index.js';
import {
  type DrizzleStore,
  drizzleStore,
  type Store,
  type StoreDriver,
  type StoreTransaction,
  storeSchema,
} from './index.js';
import { migrateStore } from './migrate-store.js';
import { migrations } from './migrations/index.js';
import { openStore } from './open-store.js';

const { sessions, sessionMessages } = storeSchema;
const sample = fileURLToPath(
  new URL('../../../../samples/openhands/django__django-11099.json', import.meta.url),
);
const recorded = (importTranscript(readFileSync(sample), { file: sample })[0] as { messages: ModelMessage[] })
  .messages;

/** How a driver under test is reached. */
interface StoreUnderTest {
  name: string;
  /** Opens the store; for a persistent one, every call opens the same data. */
  open: () => Promise<Store>;
  driver: StoreDriver;
  persistent: boolean;
  setup?: () => Promise<void>;
  teardown?: () => Promise<void>;
  /** Why this target cannot run here (the suite is skipped, saying so), or undefined. */
  skip?: string | undefined;
}

/**
 * The behaviour every store driver must share, whatever engine is underneath: migrations, pgvector,
 * transactions, JSON fidelity, persistence across reopening, and the sessions round trip.
 */
function describeStoreConformance({
  name,
  open,
  driver,
  persistent,
  setup,
  teardown,
  skip,
}: StoreUnderTest): void {
  if (skip !== undefined) console.warn(`store conformance: ${name} skipped: ${skip}`);
  const title = `store conformance: ${name}${skip ? ` (skipped: ${skip})` : ''}`;
  describe.skipIf(skip !== undefined)(title, () => {
    let store: DrizzleStore;
    beforeAll(async () => {
      await setup?.();
      store = drizzleStore(await open());
    });
    afterAll(async () => {
      await store?.close();
      await teardown?.();
    });

    it('applies every migration once and enables pgvector', async () => {
      expect(store.driver).toBe(driver);
      const rows = await store.db.execute(sql`select tag from kioku_schema_migrations order by tag`);
      expect(rowsOf<{ tag: string }>(rows).map((row) => row.tag)).toEqual(migrations.map((m) => m.tag));
      expect(await migrateStore(store.db, { migrations, location: store.location })).toEqual([]);
      const extension = await store.db.execute(
        sql`select extname from pg_extension where extname = 'vector'`,
      );
      expect(rowsOf(extension)).toHaveLength(1);
    });

    it('stores and ranks pgvector embeddings through Drizzle', async () => {
      const probes = pgTable('conformance_vectors', {
        id: integer('id').primaryKey(),
        embedding: vectorColumn('embedding', { dimensions: 3 }).notNull(),
      });
      const nearest = await store.transaction(async (tx) => {
        await tx.execute(
          sql`create temporary table conformance_vectors (id integer primary key, embedding vector(3) not null) on commit drop`,
        );
        await tx.insert(probes).values([
          { id: 1, embedding: [1, 0, 0] },
          { id: 2, embedding: [0, 1, 0] },
          { id: 3, embedding: [0.9, 0.1, 0] },
        ]);
        return tx
          .select({ id: probes.id, embedding: probes.embedding })
          .from(probes)
          .orderBy(cosineDistance(probes.embedding, [1, 0.05, 0]))
          .limit(2);
      });
      expect(nearest.map((row) => row.id)).toEqual([1, 3]);
      expect(nearest[0]?.embedding).toEqual([1, 0, 0]);
    });

    it('sends vectors as parameters in binary and searches them with raw SQL', async () => {
      const query = store.vectorParam([1, 0.05, 0]);
      expect(Buffer.isBuffer(new PgDialect().sqlToQuery(query).params[0])).toBe(true);
      const rows = rowsOf<{ id: number; text: string; distance: number }>(
        await store.db.execute(
          sql`select id, embedding::text as text, embedding <=> ${query} as distance
            from (values (1, ${store.vectorParam([1, 0, 0])}), (2, ${store.vectorParam([0, 1, 0])}),
              (3, ${store.vectorParam([0.5, -0.25, 1e-3])})) as probes (id, embedding)
            order by distance limit 2`,
        ),
      );
      expect(rows.map((row) => [Number(row.id), row.text])).toEqual([
        [1, '[1,0,0]'],
        [3, '[0.5,-0.25,0.001]'],
      ]);
    });

    it('keeps concurrent statements apart, inside and outside transactions', async () => {
      const echo = (executor: DrizzleStore['db'] | StoreTransaction, text: string) =>
        executor
          .execute(sql`select ${text}::text as echoed, length(${'x'.repeat(50_000)}::text) as size`)
          .then((result) => rowsOf<{ echoed: string }>(result)[0]?.echoed);
      const inside = (index: number) =>
        store.transaction(async (tx) => [await echo(tx, `tx-${index}-a`), await echo(tx, `tx-${index}-b`)]);
      const outside = (index: number) => echo(store.db, `alone-${index}`);
      const answers = await Promise.all(
        Array.from({ length: 24 }, (_, index) => (index % 2 === 0 ? inside(index) : outside(index))),
      );
      expect(answers).toEqual(
        Array.from({ length: 24 }, (_, index) =>
          index % 2 === 0 ? [`tx-${index}-a`, `tx-${index}-b`] : `alone-${index}`,
        ),
      );
    });

    it('commits a transaction whole, and rolls it back whole when the work throws', async () => {
      await store.transaction(async (tx) => {
        await tx.insert(sessions).values({ id: 'tx-kept', metadata: {} });
        await tx
          .insert(sessionMessages)
          .values({ sessionId: 'tx-kept', position: 0, message: recorded[0] as ModelMessage });
      });
      await expect(
        store.transaction(async (tx) => {
          await tx.insert(sessions).values({ id: 'tx-dropped', metadata: {} });
          throw new Error('the work failed halfway');
        }),
      ).rejects.toThrow('the work failed halfway');
      await expect(
        store.transaction(async (tx) => {
          await tx.insert(sessions).values({ id: 'tx-dropped-2', metadata: {} });
          await tx.insert(sessions).values({ id: 'tx-kept', metadata: {} });
        }),
      ).rejects.toThrow();
      const ids = await store.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(sql`${sessions.id} like 'tx-%'`);
      expect(ids.map((row) => row.id)).toEqual(['tx-kept']);
    });

    it('keeps concurrent transactions apart', async () => {
      await store.db.insert(sessions).values({ id: 'counter', metadata: {} });
      const bump = (fail: boolean) =>
        store.transaction(async (tx) => {
          await tx
            .update(sessions)
            .set({ viewCount: sql`${sessions.viewCount} + 1` })
            .where(eq(sessions.id, 'counter'));
          await new Promise((resolve) => setTimeout(resolve, 1));
          if (fail) throw new Error('rolled back');
        });
      const results = await Promise.allSettled(
        Array.from({ length: 12 }, (_, index) => bump(index % 3 === 0)),
      );
      expect(results.filter((result) => result.status === 'rejected')).toHaveLength(4);
      const [row] = await store.db.select().from(sessions).where(eq(sessions.id, 'counter'));
      expect(row?.viewCount).toBe(8);
    });

    it('reads back JSON exactly: NUL characters, lone surrogates, key order, big numbers', async () => {
      const message = {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_1',
            toolName: 'bash',
            output: { type: 'text', value: 'binary\u0000output \ud800 half a pair, 記憶 🧠' },
          },
        ],
        providerOptions: { z: { b: 1, a: 2 }, big: { n: 2 ** 53 - 1 } },
      } as ModelMessage;
      await store.db.insert(sessions).values({ id: 'json', metadata: { b: 1, a: [null, true, 'x'] } });
      await store.db.insert(sessionMessages).values({ sessionId: 'json', position: 0, message });
      const [row] = await store.db
        .select()
        .from(sessionMessages)
        .where(eq(sessionMessages.sessionId, 'json'));
      expect(JSON.stringify(row?.message)).toBe(JSON.stringify(message));
      const [session] = await store.db.select().from(sessions).where(eq(sessions.id, 'json'));
      expect(JSON.stringify(session?.metadata)).toBe('{"b":1,"a":[null,true,"x"]}');
      expect(session?.createdAt).toBeInstanceOf(Date);
      expect(Math.abs((session?.createdAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    });

    it('refuses a migration edited after it was applied, and a schema from a newer kioku', async () => {
      const [first] = migrations;
      if (first === undefined) throw new Error('no migrations');
      const edited = [{ ...first, sql: `${first.sql}\n-- edited` }, ...migrations.slice(1)];
      await expect(migrateStore(store.db, { migrations: edited, location: store.location })).rejects.toThrow(
        /changed after it was applied/,
      );
      await expect(migrateStore(store.db, { migrations: [], location: store.location })).rejects.toThrow(
        StoreError,
      );
    });

    it('applies a later migration as one more step, forward only', async () => {
      const later = { tag: '9999_conformance', sql: 'create table kioku_conformance_probe (x integer)' };
      // Run inside a transaction rolled back afterwards, so the store keeps only the real migrations.
      const applied = await store
        .transaction(async (tx) => {
          const tags = await migrateStore(tx, {
            migrations: [...migrations, later],
            location: store.location,
          });
          await tx.execute(sql`insert into kioku_conformance_probe values (1)`);
          throw Object.assign(new Error('roll back'), { tags });
        })
        .catch((error: { tags?: string[] }) => error.tags);
      expect(applied).toEqual(['9999_conformance']);
      expect(rowsOf(await store.db.execute(sql`select tag from kioku_schema_migrations`))).toHaveLength(
        migrations.length,
      );
    });

    it("keeps an application's migrations in its own ledger, apart from kioku's", async () => {
      const app = [{ tag: '0000_app', sql: 'create table conformance_app_probe (x integer)' }];
      const seen = await store
        .transaction(async (tx) => {
          const first = await migrateStore(tx, {
            migrations: app,
            location: store.location,
            ledger: 'app_migrations',
          });
          const again = await migrateStore(tx, {
            migrations: app,
            location: store.location,
            ledger: 'app_migrations',
          });
          // kioku's own ledger neither sees nor refuses the application's tag.
          const kioku = await migrateStore(tx, { migrations, location: store.location });
          const ledger = rowsOf<{ tag: string }>(await tx.execute(sql`select tag from app_migrations`));
          const newer = await migrateStore(tx, {
            migrations: [],
            location: store.location,
            ledger: 'app_migrations',
          })
            .then(() => 'applied')
            .catch((error: Error) => error.message);
          throw Object.assign(new Error('roll back'), { seen: { first, again, kioku, ledger, newer } });
        })
        .catch((error: { seen?: unknown }) => error.seen);
      expect(seen).toEqual({
        first: ['0000_app'],
        again: [],
        kioku: [],
        ledger: [{ tag: '0000_app' }],
        newer: expect.stringMatching(/app_migrations schema was migrated by a newer version .*0000_app/),
      });
      await expect(
        migrateStore(store.db, { migrations: app, location: store.location, ledger: 'x; drop table y' }),
      ).rejects.toThrow(/not a table name/);
    });

    it('round-trips a real conversation through the session store', async () => {
      const sessionStore = createSessionStore(store);
      const { id } = await sessionStore.create({
        title: 'django__django-11099',
        metadata: { agent: 'openhands' },
      });
      await sessionStore.append({ sessionId: id, messages: recorded.slice(0, 10) });
      await sessionStore.recordCompaction({
        sessionId: id,
        replaces: { from: 1, to: 8 },
        summary: [{ role: 'user', content: 'Summary: the agent explored the repository.' }],
        strategy: 'summary',
        tokensBefore: 9000,
        tokensAfter: 2500,
      });
      await sessionStore.append({ sessionId: id, messages: recorded.slice(10) });
      expect(await sessionStore.messages(id)).toEqual(recorded);
      const view = await sessionStore.currentView(id);
      expect(view.messages).toHaveLength(recorded.length - 7 + 1);
      expect(view.messages[1]).toEqual({
        role: 'user',
        content: 'Summary: the agent explored the repository.',
      });
      expect((await sessionStore.export(id)).views).toHaveLength(1);
    });

    it('keeps concurrent appends to one session whole and in sequence, and refuses an unknown session', async () => {
      const sessionStore = createSessionStore(store);
      const { id } = await sessionStore.create();
      // A real server runs these on up to 10 connections: appends race for the same positions.
      const ranges = await Promise.all(
        recorded.slice(0, 30).map((message) => sessionStore.append({ sessionId: id, messages: [message] })),
      );
      expect(ranges.map((range) => range.from).sort((a, b) => a - b)).toEqual([...Array(30).keys()]);
      const stored = await sessionStore.messages(id);
      ranges.forEach((range, index) => {
        expect(stored[range.from]).toEqual(recorded[index]);
      });
      expect((await sessionStore.get(id)).messageCount).toBe(30);
      await expect(
        sessionStore.append({ sessionId: 'no-such-session', messages: recorded.slice(0, 1) }),
      ).rejects.toThrow(/no-such-session/);
    });

    it('appends one message with one call of kioku_append_message (its insert planned once per connection)', async () => {
      const sessionStore = createSessionStore(store);
      const { id } = await sessionStore.create();
      // A trigger notes the statement the client sent for each row written.
      await store.db.execute(sql.raw('create table kioku_test_sent (statement text)'));
      await store.db.execute(
        sql.raw(`create function kioku_test_note() returns trigger language plpgsql as $$
          begin insert into kioku_test_sent values (current_query()); return new; end $$`),
      );
      await store.db.execute(
        sql.raw(`create trigger kioku_test_note before insert on kioku_session_messages
          for each row execute function kioku_test_note()`),
      );
      try {
        const ranges = [];
        for (const message of recorded.slice(0, 3))
          ranges.push(await sessionStore.append({ sessionId: id, messages: [message] }));
        expect(ranges).toEqual([
          { from: 0, to: 1 },
          { from: 1, to: 2 },
          { from: 2, to: 3 },
        ]);
        const sent = rowsOf<{ statement: string }>(
          await store.db.execute(sql`select statement from kioku_test_sent`),
        );
        expect(sent.map((row) => row.statement.replace(/\s+/g, ' ').slice(0, 34))).toEqual(
          Array(3).fill('select kioku_append_message($1, $2'),
        );
        expect(await sessionStore.messages(id)).toEqual(recorded.slice(0, 3));
      } finally {
        await store.db.execute(sql.raw('drop trigger kioku_test_note on kioku_session_messages'));
        await store.db.execute(sql.raw('drop function kioku_test_note()'));
        await store.db.execute(sql.raw('drop table kioku_test_sent'));
      }
    });

    if (persistent) {
      it('keeps everything across closing and reopening, and resumes appending', async () => {
        const sessionStore = createSessionStore(store);
        const { id } = await sessionStore.create({ id: 'resumed', title: 'before the restart' });
        await sessionStore.append({ sessionId: id, messages: recorded.slice(0, 4) });
        const appliedBefore = rowsOf(
          await store.db.execute(sql`select tag, applied_at from kioku_schema_migrations`),
        );
        await store.close();
        await store.close();
        store = drizzleStore(await open());
        const reopened = createSessionStore(store);
        expect(await reopened.get(id)).toMatchObject({ title: 'before the restart', messageCount: 4 });
        await reopened.append({ sessionId: id, messages: recorded.slice(4, 6) });
        expect(await reopened.messages(id)).toEqual(recorded.slice(0, 6));
        expect(
          rowsOf(await store.db.execute(sql`select tag, applied_at from kioku_schema_migrations`)),
        ).toEqual(appliedBefore);
        const [kept] = await store.db
          .select()
          .from(sessionMessages)
          .where(eq(sessionMessages.sessionId, 'tx-kept'))
          .orderBy(asc(sessionMessages.position));
        expect(kept?.message).toEqual(recorded[0]);
      });
    }
  });
}

function rowsOf<Row = Record<string, unknown>>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

describeStoreConformance({
  name: 'PGlite in memory',
  open: () => openStore({ location: 'memory://' }),
  driver: 'pglite',
  persistent: false,
});

const directory = mkdtempSync(join(tmpdir(), 'kioku-store-'));
describeStoreConformance({
  name: 'PGlite in a directory',
  open: () => openStore({ location: join(directory, 'store') }),
  driver: 'pglite',
  persistent: true,
  teardown: async () => rmSync(directory, { recursive: true, force: true }),
});

const wire = servedPglite();
describeStoreConformance({
  name: 'PostgreSQL over the wire (PGlite served by pglite-socket, through pg)',
  driver: 'postgres',
  persistent: true,
  ...wire,
});

describeStoreConformance({
  name: 'PostgreSQL (a server started for this file, through pg)',
  driver: 'postgres',
  persistent: true,
  ...postgresServer(),
});
