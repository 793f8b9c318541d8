import { sql } from 'drizzle-orm';
import type { Alert, AlertConclusion, AlertIoc, AlertSeverity, AlertStatus } from './alert.js';

/** The columns of an alert as the store selects them (the embedding stays in the database). */
export const alertColumns = sql.raw(
  'id, schema, raw, title, description, attributes, iocs, severity, status, summarized_by, embedder, resolution, merged_into, created_at, assignee, tags',
);

/** One `investigator_alerts` row as both drivers return it. */
export interface AlertRow {
  id: string;
  schema: string;
  raw: string;
  title: string;
  description: string;
  attributes: Record<string, string>;
  iocs: AlertIoc[];
  severity: AlertSeverity;
  status: AlertStatus;
  summarized_by: string;
  embedder: string;
  resolution: { conclusion: AlertConclusion; reason: string; by: string; at: string } | null;
  merged_into: string | null;
  created_at: Date | string;
  assignee: string | null;
  tags: string[];
}

/** The {@link Alert} a row holds. */
export function alertFromRow(row: AlertRow): Alert {
  return {
    id: row.id,
    schema: row.schema,
    raw: row.raw,
    title: row.title,
    description: row.description,
    attributes: row.attributes,
    iocs: row.iocs,
    severity: row.severity,
    status: row.status,
    summarizedBy: row.summarized_by,
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
