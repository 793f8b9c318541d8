import { integer, json, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Learned tool graphs (next-tool prediction), one per agent namespace: the graph and its parameter filler
 * as the JSON their `toJSON()` writes. `json`, not `jsonb`, as elsewhere: the text is kept exactly.
 */
export const toolGraphs = pgTable('kioku_tool_graphs', {
  namespace: text('namespace').primaryKey(),
  graph: json('graph').$type<unknown>().notNull(),
  filler: json('filler').$type<unknown>(),
  /** Runs the graph has learned (its `runs`), for listing without parsing the graph. */
  runs: integer('runs').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
