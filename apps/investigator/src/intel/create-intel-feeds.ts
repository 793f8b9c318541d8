import { sql } from 'drizzle-orm';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { rowsOf } from '../store/index.js';
import { type Indicator, type IntelVerdict, normalizeIndicator } from './indicator.js';
import { InvalidFeedError } from './invalid-feed-error.js';
import type { FeedEntry } from './parse-indicator-feed.js';

/** What one offline feed says of an indicator. */
export interface FeedHit {
  feed: string;
  verdict: IntelVerdict;
  description: string;
  tags: string[];
  loadedAt: Date;
}

/** The offline threat-intelligence feeds kept in an investigator store. */
export interface IntelFeeds {
  /** Replaces feed `feed` with `entries` in one transaction; returns how many indicators it now holds. */
  load(input: { feed: string; entries: readonly FeedEntry[] }): Promise<{ feed: string; indicators: number }>;
  /** What every feed says of `indicator`. */
  find(indicator: Indicator): Promise<FeedHit[]>;
  /** The feeds and how many indicators each holds. */
  list(): Promise<Array<{ feed: string; indicators: number; loadedAt: Date }>>;
}

const feedName = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const batch = 500;

/**
 * Offline indicator lists (blocklists, an organisation's own IOCs) in the investigator store, so lookups
 * work without network. Loading a feed again replaces it (an updated list drops what was removed).
 */
export function createIntelFeeds(store: DrizzleStore): IntelFeeds {
  return {
    async load({ feed, entries }) {
      if (!feedName.test(feed)) {
        throw new InvalidFeedError({
          file: feed,
          message: 'expected a feed name of letters, digits, ., _ and - (at most 100)',
        });
      }
      const unique = new Map<string, FeedEntry>();
      for (const entry of entries) unique.set(`${entry.kind}\u0000${entry.value}`, entry);
      await store.transaction(async (tx) => {
        await tx.execute(sql`delete from investigator_intel_indicators where feed = ${feed}`);
        const rows = [...unique.values()];
        for (let start = 0; start < rows.length; start += batch) {
          const values = rows
            .slice(start, start + batch)
            .map(
              (row) =>
                sql`(${feed}, ${row.kind}, ${row.value}, ${row.verdict}, ${row.description}, ${JSON.stringify(row.tags)}::jsonb)`,
            );
          await tx.execute(sql`insert into investigator_intel_indicators (feed, kind, value, verdict, description, tags)
            values ${sql.join(values, sql`, `)}`);
        }
      });
      return { feed, indicators: unique.size };
    },

    async find(indicator) {
      const { kind, value } = normalizeIndicator(indicator);
      const rows = rowsOf<{
        feed: string;
        verdict: IntelVerdict;
        description: string;
        tags: string[];
        loaded_at: Date | string;
      }>(
        await store.db.execute(sql`select feed, verdict, description, tags, loaded_at from investigator_intel_indicators
          where kind = ${kind} and value = ${value} order by feed`),
      );
      return rows.map((row) => ({
        feed: row.feed,
        verdict: row.verdict,
        description: row.description,
        tags: row.tags,
        loadedAt: new Date(row.loaded_at),
      }));
    },

    async list() {
      const rows = rowsOf<{ feed: string; indicators: number | string; loaded_at: Date | string }>(
        await store.db.execute(sql`select feed, count(*) as indicators, max(loaded_at) as loaded_at
          from investigator_intel_indicators group by feed order by feed`),
      );
      return rows.map((row) => ({
        feed: row.feed,
        indicators: Number(row.indicators),
        loadedAt: new Date(row.loaded_at),
      }));
    },
  };
}
