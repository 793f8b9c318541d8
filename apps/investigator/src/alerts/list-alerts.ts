import { type SQL, sql } from 'drizzle-orm';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { rowsOf } from '../store/index.js';
import { alertListAfter, alertListKey, encodeAlertCursor } from './alert-list-cursor.js';
import {
  alertListPage,
  alertListWhere,
  exactAlertCount,
  type ListAlertsOptions,
} from './alert-list-query.js';
import { type AlertListItem, type AlertRow, alertListColumns, alertListItemFromRow } from './alert-row.js';

/** A page of alerts, how many match in all, and the cursor of the next page. */
export interface AlertPage {
  alerts: AlertListItem[];
  /**
   * How many alerts match the filters: counted up to {@link exactAlertCount} (or all of them with
   * `exactTotal`), else the planner's estimate (never below the count it passed).
   */
  total: number;
  /** False when `total` is an estimate. */
  totalExact: boolean;
  /** Pass as `after` for the page after this one; absent on the last page. */
  next?: string;
}

/**
 * A page of the alerts matching `options` (see `ListAlertsOptions`) and their total, in two statements: the
 * page (one row more than asked, to know whether another follows; after the cursor when `after` is given)
 * and a count that stops past `countUpTo` matches (default {@link exactAlertCount}) and then asks the
 * planner for its estimate.
 */
export async function listAlerts(
  db: DrizzleStore['db'],
  options: ListAlertsOptions,
  { countUpTo = exactAlertCount }: { countUpTo?: number } = {},
): Promise<AlertPage> {
  const { sort = 'received', order = 'desc', limit = 50, after, exactTotal = false } = options;
  const where = alertListWhere(options);
  const page = alertListPage(options, { extra: 1 });
  const from = after === undefined ? where : sql`${where} and ${alertListAfter(after, sort, order)}`;
  const cap = exactTotal ? '' : ` limit ${countUpTo + 1}`;
  const [rows, counted] = await Promise.all([
    db
      .execute(
        sql`select ${alertListColumns}, ${alertListKey(sort)} from investigator_alerts where ${from} ${page}`,
      )
      .then((result) => rowsOf<AlertRow & { page_key: string }>(result)),
    db
      .execute(
        sql`select count(*)::int as total from (select 1 from investigator_alerts where ${where}${sql.raw(cap)}) as matched`,
      )
      .then((result) => Number(rowsOf<{ total: number }>(result)[0]?.total ?? 0)),
  ]);
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  const last = shown.at(-1);
  const totalExact = exactTotal || counted <= countUpTo;
  const total = totalExact ? counted : Math.max(counted, await estimate(db, where));
  return {
    alerts: shown.map(alertListItemFromRow),
    total,
    totalExact,
    ...(more && last !== undefined ? { next: encodeAlertCursor(sort, order, last.page_key) } : {}),
  };
}

/** The planner's estimate of the rows matching `where` (`explain`, nothing read). */
async function estimate(db: DrizzleStore['db'], where: SQL): Promise<number> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`explain (format json) select 1 from investigator_alerts where ${where}`),
  );
  const plan = Object.values(row ?? {})[0];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: { 'Plan Rows': number } }];
  return Math.round(Number(parsed[0]?.Plan['Plan Rows'] ?? 0));
}
