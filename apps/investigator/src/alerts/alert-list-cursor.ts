import { type SQL, sql } from 'drizzle-orm';
import type { AlertSort } from './alert-list-query.js';
import { InvalidAlertError } from './invalid-alert-error.js';

/** Where a page of a list ended: its order and the last alert's sort key (times to the microsecond). */
interface CursorKey {
  sort: AlertSort;
  order: 'asc' | 'desc';
  /** The sort column's value (absent for `received`, `null` for an alert without an event time). */
  value?: string | number | null;
  created: string;
  id: string;
}

const time = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const isoMicros = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/**
 * The sort key of each listed row as JSON text (`page_key`): `[created, id]`, or `[value, created, id]` with
 * the sort column first. Times are written by the database to the microsecond, so that the next page starts
 * exactly after the last row (a JavaScript `Date` would round them to the millisecond).
 */
export function alertListKey(sort: AlertSort): SQL {
  const value: Record<AlertSort, string | undefined> = {
    received: undefined,
    last_seen: time('last_seen_at'),
    event_time: time('event_time'),
    severity: 'severity_rank',
  };
  const column = value[sort];
  return sql.raw(
    `json_build_array(${column === undefined ? '' : `${column}, `}${time('created_at')}, id)::text as page_key`,
  );
}

/** The cursor of the page after the row whose `page_key` ({@link alertListKey}) is `key`: opaque text. */
export function encodeAlertCursor(sort: AlertSort, order: 'asc' | 'desc', key: string): string {
  const values = JSON.parse(key) as unknown[];
  return Buffer.from(JSON.stringify([sort, order, ...values]), 'utf8').toString('base64url');
}

/**
 * The rows after the cursor `after` (from {@link encodeAlertCursor}) in the list's order: a row comparison
 * that the list's indexes serve, so a page deep in the list costs what the first does. Throws
 * {@link InvalidAlertError} naming `after` for a cursor that is not one, or is of another sort or order.
 */
export function alertListAfter(after: string, sort: AlertSort, order: 'asc' | 'desc'): SQL {
  const key = decode(after);
  if (key.sort !== sort || key.order !== order) {
    throw new InvalidAlertError({
      input: 'after',
      expected: `a cursor of this list's order (sort ${sort}, ${order}); start again without after`,
      found: `a cursor of sort ${key.sort}, ${key.order}`,
    });
  }
  const past = order === 'desc' ? sql.raw('<') : sql.raw('>');
  const created = sql`${key.created}::timestamptz`;
  const tail = sql`(created_at, id) ${past} (${created}, ${key.id}::text)`;
  switch (sort) {
    case 'received':
      return tail;
    case 'severity':
      return sql`(severity_rank, created_at, id) ${past} (${key.value}::smallint, ${created}, ${key.id}::text)`;
    case 'last_seen':
      return sql`(last_seen_at, created_at, id) ${past} (${key.value}::timestamptz, ${created}, ${key.id}::text)`;
    case 'event_time':
      // Alerts without an event time come last in both orders (`nulls last`).
      return key.value === null
        ? sql`(event_time is null and ${tail})`
        : sql`((event_time, created_at, id) ${past} (${key.value}::timestamptz, ${created}, ${key.id}::text) or event_time is null)`;
  }
}

/** A cursor read back, every part checked: it comes from a client and is untrusted. */
function decode(after: string): CursorKey {
  const invalid = (why: string) =>
    new InvalidAlertError({
      input: 'after',
      expected: 'a cursor returned as `next` by a page of this list',
      found: why,
    });
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(after)) throw invalid(JSON.stringify(after.slice(0, 40)));
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
  } catch {
    throw invalid('text that is not a cursor');
  }
  if (!Array.isArray(parts)) throw invalid('text that is not a cursor');
  const [sort, order, ...values] = parts as unknown[];
  const id = values.at(-1);
  const created = values.at(-2);
  const plain = sort === 'received';
  const knownSort =
    sort === 'received' || sort === 'last_seen' || sort === 'event_time' || sort === 'severity';
  if (
    !knownSort ||
    (order !== 'asc' && order !== 'desc') ||
    values.length !== (plain ? 2 : 3) ||
    typeof id !== 'string' ||
    id.length > 64 ||
    typeof created !== 'string' ||
    !isoMicros.test(created)
  ) {
    throw invalid('a cursor of another shape');
  }
  const value = values[0];
  const valueFits =
    plain ||
    (sort === 'severity' && Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 4) ||
    (sort === 'last_seen' && typeof value === 'string' && isoMicros.test(value)) ||
    (sort === 'event_time' && (value === null || (typeof value === 'string' && isoMicros.test(value))));
  if (!valueFits) throw invalid(`a cursor whose ${String(sort)} value is not one`);
  return { sort, order, created, id, ...(plain ? {} : { value: value as string | number | null }) };
}
