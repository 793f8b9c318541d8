import type { ColumnInfo, QueryEstimate, QueryResult } from './log-engine.js';
import { LogQueryError } from './log-query-error.js';

/** Options of {@link createResultPages}. */
export interface ResultPagesOptions {
  /** Results kept for paging; the oldest is dropped first (default 16). */
  maxResults?: number;
  /** Rows a page holds at most (default 50). */
  maxRows?: number;
  /** Bytes of JSON rows a page holds at most (default 16,000; a page has at least one row). */
  maxBytes?: number;
}

/** A result as an engine fetched it, before paging. */
export interface FetchedResult {
  columns: ColumnInfo[];
  rows: Record<string, unknown>[];
  /** False when the engine stopped fetching before the end (more rows exist than were kept). */
  complete: boolean;
  estimate?: QueryEstimate;
}

/** Keeps fetched results under an id and cuts them into capped pages. */
export interface ResultPages {
  /** Keeps `result` and returns its first page. */
  keep(result: FetchedResult, limits?: { maxRows?: number; maxBytes?: number }): QueryResult;
  /** A later page of a kept result. */
  page(resultId: string, offset: number, limit?: number): QueryResult;
}

const aggregateHint =
  'Only part of the result is shown. Aggregate instead (GROUP BY with count(*), min/max of times, DISTINCT, ' +
  'a WHERE on the values you need, LIMIT) rather than paging through rows; use get_result for the next page ' +
  'only when you need the rows themselves.';

/**
 * Paging shared by the log engines: results are kept in memory under an id (`r1`, `r2`, …; the oldest
 * dropped past `maxResults`), and every page is capped by rows and by JSON bytes, with `hasMore` and a
 * hint to aggregate instead when it was cut.
 */
export function createResultPages({
  maxResults = 16,
  maxRows = 50,
  maxBytes = 16_000,
}: ResultPagesOptions = {}): ResultPages {
  const kept = new Map<string, FetchedResult>();
  let counter = 0;

  const cut = (
    resultId: string,
    result: FetchedResult,
    offset: number,
    rowLimit: number,
    byteLimit: number,
  ): QueryResult => {
    const rows: Record<string, unknown>[] = [];
    let bytes = 0;
    for (let index = offset; index < result.rows.length && rows.length < rowLimit; index += 1) {
      const row = result.rows[index] as Record<string, unknown>;
      const size = Buffer.byteLength(JSON.stringify(row));
      if (rows.length > 0 && bytes + size > byteLimit) break;
      rows.push(row);
      bytes += size;
    }
    const end = offset + rows.length;
    const hasMore = end < result.rows.length || !result.complete;
    return {
      columns: result.columns,
      rows,
      rowCount: rows.length,
      offset,
      hasMore,
      resultId,
      bytes,
      ...(result.complete ? { totalRows: result.rows.length } : {}),
      ...(hasMore ? { hint: aggregateHint } : {}),
      ...(result.estimate === undefined ? {} : { estimate: result.estimate }),
    };
  };

  return {
    keep(result, limits = {}) {
      counter += 1;
      const resultId = `r${counter}`;
      kept.set(resultId, result);
      for (const id of kept.keys()) {
        if (kept.size <= maxResults) break;
        kept.delete(id);
      }
      return cut(resultId, result, 0, limits.maxRows ?? maxRows, limits.maxBytes ?? maxBytes);
    },
    page(resultId, offset, limit = maxRows) {
      const result = kept.get(resultId);
      if (result === undefined) {
        throw new LogQueryError({
          reason: 'unknown-result',
          message: `no result "${resultId}": results are kept for the last ${maxResults} queries; run the query again.`,
        });
      }
      if (!Number.isInteger(offset) || offset < 0 || offset > result.rows.length) {
        throw new LogQueryError({
          reason: 'invalid-page',
          message: `offset ${offset} is outside result "${resultId}", which keeps rows 0 to ${result.rows.length}.`,
        });
      }
      if (!Number.isInteger(limit) || limit < 1) {
        throw new LogQueryError({
          reason: 'invalid-page',
          message: `limit must be a whole number of at least 1, got ${limit}.`,
        });
      }
      return cut(resultId, result, offset, Math.min(limit, maxRows), maxBytes);
    },
  };
}
