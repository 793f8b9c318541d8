import { sql } from 'drizzle-orm';
import type { DrizzleStore } from 'kioku/store/drizzle';

/** What {@link pgliteUpkeep} gives the summary worker. */
export interface PgliteUpkeep {
  /** A job finished: after every `every`th, the upkeep runs (once at a time; a failed one is tried again later). */
  jobDone(): Promise<void>;
  /** Runs the upkeep now (on start: a store may hold alerts never analyzed). */
  run(): Promise<void>;
}

// The columns the console filters and sorts on: their statistics decide the plans. Not the search vector,
// the raw alert or the embedding, costly to read and not what the list plans need.
const listedColumns =
  'id, status, severity, severity_rank, created_at, last_seen_at, event_time, merged_into, host, user_name, source, schema, assignee';

/**
 * Part of what PostgreSQL's autovacuum does, for a PGlite store, which has none (PGlite runs Postgres in
 * a single process, with no background workers): the job table is vacuumed (every alert's job is inserted
 * then deleted; its dead rows would pile up in the table and its index, read by every list) and the
 * alert table's listed columns analyzed. Without statistics the planner takes the table for a few rows and
 * sorts every alert to list 50 (PGlite, 2,846 alerts: the newest 50 in 524 ms, by severity 167 ms; analyzed,
 * 28 ms and 1 ms). Nothing on PostgreSQL, where autovacuum does it.
 */
export function pgliteUpkeep(store: DrizzleStore, { every = 1000 }: { every?: number } = {}): PgliteUpkeep {
  let done = 0;
  let running: Promise<void> | undefined;
  const run = async () => {
    if (store.driver !== 'pglite') return;
    if (running !== undefined) return running;
    running = (async () => {
      try {
        await store.db.execute(sql.raw('vacuum (analyze) investigator_alert_jobs'));
        await store.db.execute(sql.raw(`analyze investigator_alerts (${listedColumns})`));
      } catch {
        // A closed store or a busy one: statistics are only a planner's help; the next upkeep tries again.
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  return {
    run,
    async jobDone() {
      done += 1;
      if (done % every === 0) await run();
    },
  };
}
