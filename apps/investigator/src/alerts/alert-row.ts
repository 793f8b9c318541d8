import { type SQL, sql } from 'drizzle-orm';
import type { Alert, AlertConclusion, AlertIoc, AlertSeverity, AlertStatus } from './alert.js';

/** A listed alert: everything but the raw JSON (up to 1 MiB each), which only `get` reads. */
export type AlertListItem = Omit<Alert, 'raw'>;

const plainColumns =
  'id, schema, title, description, attributes, iocs, iocs_omitted, severity, status, summarized_by, fingerprint, ' +
  'occurrences, last_seen_at, host, user_name, source, event_time, embedder, resolution, merged_into, created_at, ' +
  'assignee, tags';
/** Whether the alert of `table`'s row has a summary job pending. */
const pendingJob = (table: string) =>
  `exists (select 1 from investigator_alert_jobs job where job.alert_id = ${table}.id and job.state = 'pending')`;
const listed = `${plainColumns}, ${pendingJob('investigator_alerts')} as summary_pending`;

/** The columns of a listed alert as the store selects them (no raw JSON; the embedding stays in the database). */
export const alertListColumns: SQL = sql.raw(listed);
/** The columns of a whole alert: the listed ones and the raw JSON. */
export const alertColumns: SQL = sql.raw(`raw, ${listed}`);
/**
 * {@link alertColumns} of the rows a CTE named `stored` returned (an insert's `returning *`), whose
 * summary is pending when `queued` (a boolean SQL expression over them: the job the same statement
 * added, which the statement cannot see yet) or a job was pending before.
 */
export function storedAlertColumns(queued: string): SQL {
  return sql.raw(`raw, ${plainColumns}, (${queued} or ${pendingJob('stored')}) as summary_pending`);
}

/** One `investigator_alerts` row as both drivers return it (`raw` only when selected). */
export interface AlertRow {
  id: string;
  schema: string;
  raw?: string;
  title: string;
  description: string;
  attributes: Record<string, string>;
  iocs: AlertIoc[];
  iocs_omitted: number;
  severity: AlertSeverity;
  status: AlertStatus;
  summarized_by: string;
  fingerprint: string | null;
  occurrences: number;
  last_seen_at: Date | string;
  host: string | null;
  user_name: string | null;
  source: string | null;
  event_time: Date | string | null;
  embedder: string;
  resolution: { conclusion: AlertConclusion; reason: string; by: string; at: string } | null;
  merged_into: string | null;
  created_at: Date | string;
  assignee: string | null;
  tags: string[];
  summary_pending: boolean;
}

/** The {@link AlertListItem} a row holds. */
export function alertListItemFromRow(row: AlertRow): AlertListItem {
  return {
    id: row.id,
    schema: row.schema,
    title: row.title,
    description: row.description,
    attributes: row.attributes,
    iocs: row.iocs,
    iocsOmitted: Number(row.iocs_omitted),
    severity: row.severity,
    status: row.status,
    summarizedBy: row.summarized_by,
    fingerprint: row.fingerprint ?? '',
    occurrences: Number(row.occurrences),
    lastSeenAt: new Date(row.last_seen_at),
    ...(row.host === null ? {} : { host: row.host }),
    ...(row.user_name === null ? {} : { user: row.user_name }),
    ...(row.source === null ? {} : { source: row.source }),
    ...(row.event_time === null ? {} : { eventTime: new Date(row.event_time) }),
    summaryPending: row.summary_pending === true || String(row.summary_pending) === 't',
    embedder: row.embedder,
    createdAt: new Date(row.created_at),
    ...(row.resolution === null
      ? {}
      : { resolution: { ...row.resolution, at: new Date(row.resolution.at) } }),
    ...(row.merged_into === null ? {} : { mergedInto: row.merged_into }),
    ...(row.assignee === null ? {} : { assignee: row.assignee }),
    tags: row.tags,
  };
}

/** The {@link Alert} a row selected with {@link alertColumns} holds. */
export function alertFromRow(row: AlertRow): Alert {
  return { raw: row.raw ?? '', ...alertListItemFromRow(row) };
}
