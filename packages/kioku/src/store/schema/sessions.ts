import type { ModelMessage } from 'ai';
import { sql } from 'drizzle-orm';
import { check, index, integer, json, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Messages, summaries and metadata are `json`, not `jsonb`: json keeps the exact text (key order,
// NUL characters and lone surrogates in tool output, which jsonb rejects), and nothing queries inside them.

/**
 * One conversation. Its message count and the time of its last append are read from its messages (an
 * append is one insert into `kioku_session_messages`, nothing else); `view_count` is bumped, and
 * `updated_at` set, in the transaction that records a compaction.
 */
export const sessions = pgTable(
  'kioku_sessions',
  {
    id: text('id').primaryKey(),
    title: text('title'),
    metadata: json('metadata').$type<Record<string, unknown>>().notNull(),
    viewCount: integer('view_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('kioku_sessions_updated_at_idx').on(table.updatedAt)],
);

/** The full original history, append-only: message `position` counts from 0 in each session. */
export const sessionMessages = pgTable(
  'kioku_session_messages',
  {
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    message: json('message').$type<ModelMessage>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.sessionId, table.position] }),
    check('kioku_session_messages_position_check', sql`${table.position} >= 0`),
  ],
);

/**
 * One compaction, recorded as a new view: original messages `[replaced_from, replaced_to)` are shown as
 * `summary` from `version` on. Never updated or deleted.
 */
export const sessionViews = pgTable(
  'kioku_session_views',
  {
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    replacedFrom: integer('replaced_from').notNull(),
    replacedTo: integer('replaced_to').notNull(),
    summary: json('summary').$type<ModelMessage[]>().notNull(),
    strategy: text('strategy').notNull(),
    tokensBefore: integer('tokens_before').notNull(),
    tokensAfter: integer('tokens_after').notNull(),
    messageCount: integer('message_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.sessionId, table.version] }),
    check(
      'kioku_session_views_range_check',
      sql`0 <= ${table.replacedFrom} and ${table.replacedFrom} < ${table.replacedTo} and ${table.replacedTo} <= ${table.messageCount}`,
    ),
  ],
);
