import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ModelMessage } from 'ai';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  InvalidCompactionError,
  InvalidSessionInputError,
  SessionExistsError,
  StorageError,
  UnknownSessionError,
} from '../errors/index.js';
import { splitTurns } from '../messages/index.js';
import { type DrizzleStore, drizzleStore, openStore, storeSchema } from '../store/index.js';
import { importTranscript } from '../transcripts/index.js';
import { createSessionStore } from './create-session-store.js';
import { findSessionProblems } from './find-session-problems.js';
import { formatSessionExport } from './format-session-export.js';
import { originalRange } from './original-range.js';
import type { SessionStore } from './session-store.js';

const sample = fileURLToPath(
  new URL('../../../../samples/openhands/django__django-11099.json', import.meta.url),
);
const recorded = (importTranscript(readFileSync(sample), { file: sample })[0] as { messages: ModelMessage[] })
  .messages;
const summary: ModelMessage = { role: 'user', content: 'Summary so far: the agent located the validator.' };
const compaction = { summary: [summary], strategy: 'summary', tokensBefore: 12_000, tokensAfter: 3_000 };

let store: DrizzleStore;
let sessions: SessionStore;
beforeAll(async () => {
  store = drizzleStore(await openStore({ location: 'memory://' }));
  sessions = createSessionStore(store);
});
afterAll(() => store.close());

/** A session holding the recorded run, appended step by step as an agent would. */
async function recordedSession(title = 'django__django-11099'): Promise<string> {
  const { id } = await sessions.create({ title });
  for (const { start, end } of splitTurns(recorded)) {
    await sessions.append({ sessionId: id, messages: recorded.slice(start, end) });
  }
  return id;
}

describe('createSessionStore', () => {
  it('creates sessions with an id, title, metadata and times', async () => {
    const created = await sessions.create({
      title: 'alert 4242',
      metadata: { agent: 'investigator', alert: 4242 },
    });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created).toMatchObject({ title: 'alert 4242', metadata: { agent: 'investigator', alert: 4242 } });
    expect(created).toMatchObject({ messageCount: 0, viewCount: 0 });
    expect(created.createdAt).toBeInstanceOf(Date);
    expect(await sessions.get(created.id)).toEqual(created);
    const untitled = await sessions.create({ id: 'untitled' });
    expect(untitled).not.toHaveProperty('title');
    expect(untitled.metadata).toEqual({});
  });

  it('refuses a taken id, and metadata that is not a JSON object', async () => {
    await sessions.create({ id: 'taken' });
    await expect(sessions.create({ id: 'taken' })).rejects.toThrow(SessionExistsError);
    await expect(sessions.create({ metadata: [1, 2] as unknown as Record<string, unknown> })).rejects.toThrow(
      /metadata: expected a JSON object, found an array/,
    );
    await expect(sessions.create({ id: '' })).rejects.toThrow(InvalidSessionInputError);
  });

  it('appends turns after one another and reads the original back', async () => {
    const id = await recordedSession();
    expect(await sessions.messages(id)).toEqual(recorded);
    expect(await sessions.messages(id, { from: 3, to: 5 })).toEqual(recorded.slice(3, 5));
    const next = await sessions.append({ sessionId: id, messages: [{ role: 'user', content: 'and then?' }] });
    expect(next).toEqual({ from: recorded.length, to: recorded.length + 1 });
    expect(await sessions.get(id)).toMatchObject({ messageCount: recorded.length + 1 });
  });

  it('gives concurrent appends distinct, gapless positions', async () => {
    const { id } = await sessions.create();
    const ranges = await Promise.all(
      recorded.slice(0, 12).map((message) => sessions.append({ sessionId: id, messages: [message] })),
    );
    expect(ranges.map((range) => range.from).sort((a, b) => a - b)).toEqual([...Array(12).keys()]);
    expect(await findSessionProblems(store, { sessionId: id })).toEqual([]);
  });

  it('names an unknown session, and writes nothing for it', async () => {
    const error = await sessions
      .append({ sessionId: 'no-such-session', messages: [summary] })
      .catch((caught: unknown) => caught);
    expect(UnknownSessionError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain("unknown session id 'no-such-session'");
    const orphans = await store.db
      .select()
      .from(storeSchema.sessionMessages)
      .where(eq(storeSchema.sessionMessages.sessionId, 'no-such-session'));
    expect(orphans).toEqual([]);
    for (const read of [sessions.get, sessions.currentView, sessions.messages, sessions.export]) {
      await expect(read('no-such-session')).rejects.toThrow(UnknownSessionError);
    }
  });

  it('refuses a batch holding one bad message, saying where, and keeps none of it', async () => {
    const { id } = await sessions.create();
    const bad = { role: 'assistant', content: [{ type: 'text', txt: 'typo' }] } as unknown as ModelMessage;
    await expect(sessions.append({ sessionId: id, messages: [summary, bad] })).rejects.toThrow(
      /messages\[1\]\.content\[0\]\.text: expected string, received undefined/,
    );
    await expect(
      sessions.append({
        sessionId: id,
        messages: [{ role: 'robot', content: 'hi' } as unknown as ModelMessage],
      }),
    ).rejects.toThrow(/messages\[0\]\.role: expected one of system, user, assistant, tool, found 'robot'/);
    expect(await sessions.get(id)).toMatchObject({ messageCount: 0 });
  });

  it('stores binary file data as base64, which reads back as a valid message', async () => {
    const { id } = await sessions.create();
    const image: ModelMessage = {
      role: 'user',
      content: [{ type: 'file', data: new Uint8Array([137, 80, 78, 71]), mediaType: 'image/png' }],
    };
    await sessions.append({ sessionId: id, messages: [image] });
    const [read] = await sessions.messages(id);
    expect(read).toEqual({
      role: 'user',
      content: [{ type: 'file', data: 'iVBORw==', mediaType: 'image/png' }],
    });
  });

  it('leaves a session as it was when a write fails halfway', async () => {
    const id = await recordedSession();
    const before = await sessions.export(id);
    // An append is one statement: a trigger refusing the row of its second message makes that insert
    // fail after the first row was written, and the statement leaves none of it.
    const { db } = store;
    const position = before.session.messageCount + 1;
    await db.execute(
      sql.raw(`create function kioku_test_refuse() returns trigger language plpgsql as $$
        begin if new.position = ${position} then raise exception 'refused by the test'; end if; return new; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger kioku_test_refuse before insert on kioku_session_messages
        for each row execute function kioku_test_refuse()`),
    );
    const error = await sessions
      .append({ sessionId: id, messages: [summary, summary] })
      .catch((e: unknown) => e);
    await db.execute(sql.raw('drop trigger kioku_test_refuse on kioku_session_messages'));
    await db.execute(sql.raw('drop function kioku_test_refuse()'));
    expect(StorageError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/^the store failed: INSERT statement: refused by the test/);
    expect((error as Error).message).not.toContain('Summary');
    expect(await sessions.export(id)).toEqual(before);
    // A compaction is a transaction: failing before its commit leaves nothing.
    const failing: DrizzleStore = {
      ...store,
      transaction: (work, config) =>
        store.transaction(async (tx) => {
          await work(tx);
          throw new Error('connection lost before commit');
        }, config),
    };
    const broken = createSessionStore(failing);
    await expect(
      broken.recordCompaction({ sessionId: id, replaces: { from: 1, to: 4 }, ...compaction }),
    ).rejects.toThrow('connection lost');
    expect(await sessions.export(id)).toEqual(before);
  });
});

describe('compaction', () => {
  it('records a new view and keeps the original readable', async () => {
    const id = await recordedSession();
    const view = await sessions.recordCompaction({
      sessionId: id,
      replaces: { from: 1, to: 10 },
      ...compaction,
    });
    expect(view).toMatchObject({ version: 1, replaces: { from: 1, to: 10 }, strategy: 'summary' });
    expect(view).toMatchObject({ tokensBefore: 12_000, tokensAfter: 3_000, messageCount: recorded.length });
    await sessions.append({ sessionId: id, messages: [{ role: 'user', content: 'Keep going.' }] });
    const current = await sessions.currentView(id);
    expect(current.version).toBe(1);
    expect(current.messages).toEqual([
      recorded[0],
      summary,
      ...recorded.slice(10),
      { role: 'user', content: 'Keep going.' },
    ]);
    expect(await sessions.messages(id)).toEqual([...recorded, { role: 'user', content: 'Keep going.' }]);
    expect(await sessions.get(id)).toMatchObject({ viewCount: 1 });
  });

  it('lets a later compaction replace an earlier summary whole, mapped from view indices', async () => {
    const id = await recordedSession();
    await sessions.recordCompaction({ sessionId: id, replaces: { from: 1, to: 10 }, ...compaction });
    const before = await sessions.currentView(id);
    const replaces = originalRange(before, { start: 1, end: 6 });
    expect(replaces).toEqual({ from: 1, to: 14 });
    const second: ModelMessage = { role: 'user', content: 'Summary of the summary and four more steps.' };
    await sessions.recordCompaction({
      sessionId: id,
      replaces,
      ...compaction,
      summary: [second],
      strategy: 'hybrid',
    });
    const after = await sessions.currentView(id);
    expect(after.version).toBe(2);
    expect(after.messages).toEqual([recorded[0], second, ...recorded.slice(14)]);
    expect((await sessions.export(id)).views.map((view) => view.strategy)).toEqual(['summary', 'hybrid']);
  });

  it('rejects a range past the end, or through an earlier summary, before writing anything', async () => {
    const id = await recordedSession();
    const count = recorded.length;
    const beyond = await sessions
      .recordCompaction({ sessionId: id, replaces: { from: 1, to: count + 1 }, ...compaction })
      .catch((caught: unknown) => caught);
    expect(InvalidCompactionError.isInstance(beyond)).toBe(true);
    expect((beyond as Error).message).toContain(`the session has ${count} message(s)`);
    await sessions.recordCompaction({ sessionId: id, replaces: { from: 2, to: 6 }, ...compaction });
    await expect(
      sessions.recordCompaction({ sessionId: id, replaces: { from: 4, to: 9 }, ...compaction }),
    ).rejects.toThrow(/view 1 summarised messages \[2, 6\).*originalRange/);
    await expect(
      sessions.recordCompaction({ sessionId: id, replaces: { from: 3, to: 3 }, ...compaction }),
    ).rejects.toThrow(/replaces: expected a range/);
    await expect(
      sessions.recordCompaction({
        sessionId: id,
        replaces: { from: 0, to: 1 },
        ...compaction,
        tokensAfter: -1,
      }),
    ).rejects.toThrow(/tokensAfter: expected a whole number/);
    await expect(
      sessions.recordCompaction({ sessionId: 'nobody', replaces: { from: 0, to: 1 }, ...compaction }),
    ).rejects.toThrow(UnknownSessionError);
    const { views } = await sessions.export(id);
    expect(views).toHaveLength(1);
    expect(await findSessionProblems(store, { sessionId: id })).toEqual([]);
  });
});

describe('listing and export', () => {
  it('lists sessions most recently written first', async () => {
    // PGlite's clock counts milliseconds: writes within one tie, and ties are listed by id.
    const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
    const older = await sessions.create({ title: 'older' });
    await tick();
    const newer = await sessions.create({ title: 'newer' });
    await tick();
    await sessions.append({ sessionId: older.id, messages: [summary] });
    const listed = await sessions.list();
    expect(listed.findIndex((s) => s.id === older.id)).toBeLessThan(
      listed.findIndex((s) => s.id === newer.id),
    );
    expect(await sessions.list({ limit: 1 })).toHaveLength(1);
    await expect(sessions.list({ limit: -1 })).rejects.toThrow(/limit: expected a whole number/);
  });

  it('exports the original history and every view, as JSON or as JSONL in the order written', async () => {
    const { id } = await sessions.create({ title: 'export' });
    await sessions.append({ sessionId: id, messages: recorded.slice(0, 5) });
    await sessions.recordCompaction({ sessionId: id, replaces: { from: 1, to: 3 }, ...compaction });
    await sessions.append({ sessionId: id, messages: recorded.slice(5, 7) });
    const exported = await sessions.export(id);
    expect(exported.messages).toEqual(recorded.slice(0, 7));
    const lines = formatSessionExport(exported, { format: 'jsonl' })
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.type)).toEqual([
      'session',
      ...Array(5).fill('message'),
      'view',
      'message',
      'message',
    ]);
    expect(lines[6].view).toMatchObject({ version: 1, replaces: { from: 1, to: 3 } });
    const json = JSON.parse(formatSessionExport(exported, { format: 'json' }));
    expect(json).toMatchObject({ format: 'kioku.session-export/1', session: { id, title: 'export' } });
    expect(json.messages).toEqual(recorded.slice(0, 7));
  });
});

describe('findSessionProblems', () => {
  it('finds nothing wrong in sound sessions, and says what is wrong in a damaged one', async () => {
    expect(await findSessionProblems(store)).toEqual([]);
    const { id } = await sessions.create({ title: 'damaged' });
    await sessions.append({ sessionId: id, messages: [summary, summary, summary] });
    await store.db
      .delete(storeSchema.sessionMessages)
      .where(and(eq(storeSchema.sessionMessages.sessionId, id), eq(storeSchema.sessionMessages.position, 1)));
    expect(await findSessionProblems(store, { sessionId: id })).toEqual([
      { sessionId: id, problem: 'message positions jump from 0 to 2' },
    ]);
  });
});
