import { type SQL, sql } from 'drizzle-orm';
import { type AlertSeverity, type AlertStatus, alertSeverities } from './alert.js';
import { InvalidAlertError } from './invalid-alert-error.js';

/** How a list of alerts is ordered: when received, last seen, when the event happened, or by severity. */
export const alertSorts = ['received', 'last_seen', 'event_time', 'severity'] as const;
/** One of {@link alertSorts}. */
export type AlertSort = (typeof alertSorts)[number];

/** Filters, order and page of `AlertStore.list`; every filter is served by an index. */
export interface ListAlertsOptions {
  status?: AlertStatus | undefined;
  /** Only alerts of these severities. */
  severity?: AlertSeverity | readonly AlertSeverity[] | undefined;
  /** Only alerts received at or after this time. */
  since?: Date | undefined;
  /** Only alerts received before this time. */
  until?: Date | undefined;
  /**
   * Full-text search over title, description, attributes, IOCs, entities and the raw alert (its first
   * 100,000 characters): every word must match the start of a word of the alert (`web-01`, `10.0.0.5`,
   * `mimi` finds `mimikatz.exe`), case-insensitive.
   */
  text?: string | undefined;
  /** Attributes the alert must have with exactly these values. */
  attributes?: Record<string, string> | undefined;
  /** Entity columns, matched exactly. */
  host?: string | undefined;
  user?: string | undefined;
  source?: string | undefined;
  schema?: string | undefined;
  /** Only alerts assigned to this analyst (`''`: only unassigned ones). */
  assignee?: string | undefined;
  /** Only alerts with this tag. */
  tag?: string | undefined;
  /** Also alerts merged into another (default false: they are listed under that one). */
  includeMerged?: boolean;
  /** Default `received`, newest (or most severe) first. */
  sort?: AlertSort;
  /** Default `desc`. */
  order?: 'asc' | 'desc';
  /** At most this many (default 50, at most 500). */
  limit?: number;
  /** Skip this many (default 0); a page deep in a large list is cheaper by `after`. */
  offset?: number;
  /**
   * The page after the one that returned this cursor as `next` (same sort and order); the other filters
   * are the caller's. Costs the same however deep the page; not with `offset`.
   */
  after?: string | undefined;
  /**
   * Count every match (default false: exact up to {@link exactAlertCount}, and beyond that the planner's
   * estimate, marked `totalExact: false`, so that no page of a large store counts all of it).
   */
  exactTotal?: boolean;
}

/** Up to this many matches, a list's total is counted exactly; beyond, it is estimated. */
export const exactAlertCount = 10_000;

/** The largest page `list` returns. */
export const maxAlertPage = 500;

const sortColumns: Record<AlertSort, string> = {
  received: 'created_at',
  last_seen: 'last_seen_at',
  event_time: 'event_time',
  severity: 'severity_rank',
};

/** The `where` of a list: every filter given, `true` when none. */
export function alertListWhere(options: ListAlertsOptions): SQL {
  const { status, severity, since, until, text, attributes, host, user, source, schema, assignee, tag } =
    options;
  const where: SQL[] = [sql`true`];
  if (status !== undefined) where.push(sql`status = ${status}`);
  const severities = severity === undefined ? [] : typeof severity === 'string' ? [severity] : [...severity];
  for (const one of severities) {
    if (!(alertSeverities as readonly string[]).includes(one)) {
      throw new InvalidAlertError({
        input: 'severity',
        expected: `one of ${alertSeverities.join(', ')}`,
        found: JSON.stringify(one),
      });
    }
  }
  if (severities.length > 0) {
    where.push(
      sql`severity in (${sql.join(
        severities.map((one) => sql`${one}`),
        sql`, `,
      )})`,
    );
  }
  if (since !== undefined) where.push(sql`created_at >= ${since.toISOString()}::timestamptz`);
  if (until !== undefined) where.push(sql`created_at < ${until.toISOString()}::timestamptz`);
  if (text !== undefined && text.trim() !== '') where.push(sql`search @@ ${textQuery(text)}`);
  if (attributes !== undefined && Object.keys(attributes).length > 0) {
    where.push(sql`attributes::jsonb @> ${JSON.stringify(attributes)}::jsonb`);
  }
  if (host !== undefined) where.push(sql`host = ${host}`);
  if (user !== undefined) where.push(sql`user_name = ${user}`);
  if (source !== undefined) where.push(sql`source = ${source}`);
  if (schema !== undefined) where.push(sql`schema = ${schema}`);
  if (assignee !== undefined)
    where.push(assignee === '' ? sql`assignee is null` : sql`assignee = ${assignee}`);
  if (tag !== undefined) where.push(sql`tags @> ${JSON.stringify([tag])}::jsonb`);
  if (options.includeMerged !== true) where.push(sql`merged_into is null`);
  return sql.join(where, sql` and `);
}

/**
 * The `order by … limit … offset …` of a list, checked; `extra` rows past the page (1: to know whether
 * another page follows).
 */
export function alertListPage(
  { sort = 'received', order = 'desc', limit = 50, offset = 0, after }: ListAlertsOptions,
  { extra = 0 }: { extra?: number } = {},
): SQL {
  if (!(alertSorts as readonly string[]).includes(sort)) {
    throw new InvalidAlertError({
      input: 'sort',
      expected: `one of ${alertSorts.join(', ')}`,
      found: JSON.stringify(sort),
    });
  }
  if (order !== 'asc' && order !== 'desc') {
    throw new InvalidAlertError({ input: 'order', expected: 'asc or desc', found: JSON.stringify(order) });
  }
  if (!Number.isInteger(limit) || limit < 1 || limit > maxAlertPage) {
    throw new InvalidAlertError({
      input: 'limit',
      expected: `a whole number from 1 to ${maxAlertPage}`,
      found: String(limit),
    });
  }
  if (!Number.isInteger(offset) || offset < 0) {
    throw new InvalidAlertError({
      input: 'offset',
      expected: 'a whole number from 0',
      found: String(offset),
    });
  }
  if (after !== undefined && offset > 0) {
    throw new InvalidAlertError({
      input: 'offset',
      expected: 'no offset with after (the cursor says where the page starts)',
      found: String(offset),
    });
  }
  const direction = order === 'asc' ? 'asc' : 'desc';
  const nulls = sort === 'event_time' ? ' nulls last' : '';
  const then = sort === 'received' ? '' : `, created_at ${direction}`;
  return sql.raw(
    `order by ${sortColumns[sort]} ${direction}${nulls}${then}, id ${direction} limit ${limit + extra} offset ${offset}`,
  );
}

/**
 * Each word of `text` (split at spaces) as a phrase of prefixes, or as a prefix of one whole word; the words
 * together: `web-02 alice` → `('web':* <-> '-02':* | 'web-02':*) & ('alice':* | 'alice':*)`, parsed as the
 * alerts are (`:`, `/`, `=` as spaces). The whole word finds what the parser keeps as one word (a host name:
 * `host-12.corp.example.com` is one, `host-12` alone is two). Written as text and cast, so that nothing
 * parses the lexemes again.
 */
function textQuery(text: string): SQL {
  const normalized = sql`regexp_replace(${text.slice(0, 1000)}, '[:/=]+', ' ', 'g')`;
  return sql`(select coalesce(string_agg('(' || phrase || ' | ' || whole || ')', ' & '), '')::tsquery
    from (select string_agg(${quoted(sql`lexeme`)} || ':*', ' <-> ' order by token) as phrase,
        ${quoted(sql`lower(words.word)`)} || ':*' as whole
      from regexp_split_to_table(${normalized}, '\\s+') with ordinality as words(word, at),
        lateral (select parsed.lexemes[1] as lexeme, row_number() over () as token
          from ts_debug('simple', words.word) as parsed where cardinality(parsed.lexemes) > 0) as tokens
      group by words.at, words.word) as phrases)`;
}

/** `value` as a quoted lexeme of tsquery's text form (a backslash and a quote escaped). */
function quoted(value: SQL): SQL {
  return sql`chr(39) || replace(replace(${value}, chr(92), chr(92) || chr(92)), chr(39), chr(92) || chr(39)) || chr(39)`;
}
