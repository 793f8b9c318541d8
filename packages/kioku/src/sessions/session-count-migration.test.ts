import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import type { ModelMessage } from 'ai';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../memory/sql-values.js';
import { migrateStore } from '../store/migrate-store.js';
import { migrations } from '../store/migrations/index.js';
import { openStore } from '../store/open-store.js';
import type { StoreDatabase } from '../store/store-database.js';
import { postgresCluster } from '../test/postgres-cluster.js';
import { importTranscript } from '../transcripts/index.js';
import { createSessionStore } from './create-session-store.js';
import type { SessionExport } from './session.js';

// Migration 0003 drops the session row's message counter (the count is read from the messages). A store
// the previous version wrote — its schema made by migrations 0000–0002 exactly as that version applied
// them, its sessions written as that version's append and compaction wrote them (the counter bumped with
// every insert) — must read back the same after the migration, every session, message and view.
const previous = migrations.filter((migration) => migration.tag < '0003');
const sample = fileURLToPath(
  new URL('../../../../samples/openhands/django__django-11099.json', import.meta.url),
);
const recorded = (importTranscript(readFileSync(sample), { file: sample })[0] as { messages: ModelMessage[] })
  .messages;

/** What the previous version's append did: bump the counter and insert after it, in one statement. */
async function previousAppend(db: StoreDatabase, sessionId: string, messages: ModelMessage[]) {
  const count = messages.length;
  const rows = sql.join(
    messages.map((message, index) => sql`(${JSON.stringify(message)}::json, ${sql.raw(String(index))})`),
    sql`, `,
  );
  await db.execute(sql`with bumped as (
      update kioku_sessions set message_count = message_count + ${count}::int, updated_at = now()
      where id = ${sessionId} returning message_count
    ), inserted as (
      insert into kioku_session_messages (session_id, position, message)
      select ${sessionId}, bumped.message_count - ${count}::int + element.ordinality::int, element.value
      from bumped, (values ${rows}) as element(value, ordinality)
      returning 1
    )
    select message_count from bumped`);
}

/** Sessions as the previous version wrote them: empty, appended in steps, compacted twice. */
async function writePrevious(db: StoreDatabase): Promise<void> {
  const statement = (text: SQL) => db.execute(text);
  await statement(sql`insert into kioku_sessions (id, metadata) values ('empty', '{}'::json)`);
  await statement(
    sql`insert into kioku_sessions (id, title, metadata) values ('run', 'a recorded run', '{"b":1,"a":[null,true]}'::json)`,
  );
  for (let from = 0; from < recorded.length; from += 7)
    await previousAppend(db, 'run', recorded.slice(from, from + 7));
  for (const [version, to] of [
    [1, 6],
    [2, 12],
  ] as const) {
    await statement(sql`insert into kioku_session_views
      (session_id, version, replaced_from, replaced_to, summary, strategy, tokens_before, tokens_after, message_count)
      select 'run', ${version}, 2, ${to}, ${JSON.stringify([{ role: 'user', content: `summary ${version}` }])}::json,
        'summary', 9000, 1200, message_count from kioku_sessions where id = 'run'`);
    await statement(
      sql`update kioku_sessions set view_count = ${version}, updated_at = now() where id = 'run'`,
    );
    await previousAppend(db, 'run', [{ role: 'user', content: `after compaction ${version}` }]);
  }
  await statement(sql`insert into kioku_sessions (id, metadata) values ('short', '{}'::json)`);
  await previousAppend(db, 'short', [{ role: 'user', content: 'one message' }]);
}

/** Every session as the previous version's reads gave it (its counter and timestamps as stored). */
async function readPrevious(db: StoreDatabase): Promise<SessionExport[]> {
  const sessions = await queryRows<Record<string, unknown>>(
    db,
    sql`select id, title, metadata::text as metadata, message_count, view_count,
      created_at::text as created_at, updated_at::text as updated_at from kioku_sessions order by id`,
  );
  const exports: SessionExport[] = [];
  for (const row of sessions) {
    const messages = await queryRows<{ message: string }>(
      db,
      sql`select message::text as message from kioku_session_messages where session_id = ${row.id} order by position`,
    );
    const views = await queryRows<Record<string, unknown>>(
      db,
      sql`select version, replaced_from, replaced_to, summary::text as summary, strategy, tokens_before,
        tokens_after, message_count, created_at::text as created_at
        from kioku_session_views where session_id = ${row.id} order by version`,
    );
    exports.push({
      session: {
        id: String(row.id),
        ...(row.title === null ? {} : { title: String(row.title) }),
        metadata: JSON.parse(String(row.metadata)),
        messageCount: Number(row.message_count),
        viewCount: Number(row.view_count),
        createdAt: new Date(String(row.created_at)),
        updatedAt: new Date(String(row.updated_at)),
      },
      messages: messages.map((message) => JSON.parse(message.message)),
      views: views.map((view) => ({
        version: Number(view.version),
        replaces: { from: Number(view.replaced_from), to: Number(view.replaced_to) },
        summary: JSON.parse(String(view.summary)),
        strategy: String(view.strategy),
        tokensBefore: Number(view.tokens_before),
        tokensAfter: Number(view.tokens_after),
        messageCount: Number(view.message_count),
        createdAt: new Date(String(view.created_at)),
      })),
    });
  }
  return exports;
}

/** A database in the previous version's state, reached through `open` (raw) and `location` (openStore). */
interface PreviousStore {
  name: string;
  skip?: string | undefined;
  setup?: () => Promise<void>;
  teardown?: () => Promise<void>;
  /** A new, empty database: its raw Drizzle handle (closed by `close`) and where openStore finds it. */
  create: (name: string) => Promise<{ db: StoreDatabase; close: () => Promise<void>; location: string }>;
}

function describeMigration({ name, skip, setup, teardown, create }: PreviousStore): void {
  describe.skipIf(skip !== undefined)(
    `session counter migration: ${name}${skip ? ` (skipped: ${skip})` : ''}`,
    () => {
      beforeAll(async () => setup?.());
      afterAll(async () => teardown?.());

      it('keeps every session, message and view the previous version stored', async () => {
        const raw = await create('kept');
        await migrateStore(raw.db, { migrations: previous, location: raw.location });
        await writePrevious(raw.db);
        const before = await readPrevious(raw.db);
        await raw.close();
        const store = await openStore({ location: raw.location });
        try {
          const sessions = createSessionStore(store);
          const after = await Promise.all(before.map((exported) => sessions.export(exported.session.id)));
          expect(after).toEqual(before);
          expect(before.find((e) => e.session.id === 'run')?.session.messageCount).toBe(recorded.length + 2);
          // Appends continue after the migrated messages, with nothing else to update.
          await sessions.append({ sessionId: 'run', messages: [{ role: 'user', content: 'next' }] });
          expect((await sessions.get('run')).messageCount).toBe(recorded.length + 3);
          expect((await sessions.list()).map((session) => session.id)[0]).toBe('run');
        } finally {
          await store.close();
        }
      });

      it('refuses to drop a counter that disagrees with the messages, changing nothing', async () => {
        const raw = await create('damaged');
        await migrateStore(raw.db, { migrations: previous, location: raw.location });
        await writePrevious(raw.db);
        await raw.db.execute(
          sql`update kioku_sessions set message_count = message_count + 1 where id = 'short'`,
        );
        const before = await readPrevious(raw.db);
        const error = await migrateStore(raw.db, { migrations, location: raw.location }).catch(
          (e: unknown) => e,
        );
        expect(String((error as Error)?.cause ?? error)).toMatch(
          /message_count differs from the messages stored/,
        );
        expect(await readPrevious(raw.db)).toEqual(before);
        const applied = await queryRows<{ tag: string }>(
          raw.db,
          sql`select tag from kioku_schema_migrations`,
        );
        expect(applied.map((row) => row.tag).sort()).toEqual(previous.map((m) => m.tag));
        await raw.close();
      });
    },
  );
}

const directory = mkdtempSync(join(tmpdir(), 'kioku-migration-'));
describeMigration({
  name: 'PGlite directory',
  teardown: async () => rmSync(directory, { recursive: true, force: true }),
  create: async (name) => {
    const location = join(directory, name);
    mkdirSync(location);
    const client = await PGlite.create(join(location, 'pglite'), { extensions: { vector } });
    return { db: drizzlePglite({ client }), close: () => client.close(), location };
  },
});

const cluster = postgresCluster();
describeMigration({
  name: 'PostgreSQL',
  skip: cluster.skip,
  setup: cluster.setup,
  teardown: cluster.teardown,
  create: async (name) => {
    const admin = new pg.Client({ connectionString: cluster.url() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const location = cluster.url().replace(/\/postgres$/, `/${name}`);
    const pool = new pg.Pool({ connectionString: location, max: 1 });
    return { db: drizzlePostgres({ client: pool }), close: () => pool.end(), location };
  },
});
