import type { Fact } from 'kioku';

/** How an analyst concluded an alert. */
export const alertConclusions = ['true_positive', 'false_positive', 'benign', 'escalated'] as const;
/** How an analyst concluded an alert: a true or false positive, benign activity, or handed on. */
export type AlertConclusion = (typeof alertConclusions)[number];

/** Severities, lowest first. */
export const alertSeverities = ['informational', 'low', 'medium', 'high', 'critical'] as const;
/** How bad an alert looks at ingest. */
export type AlertSeverity = (typeof alertSeverities)[number];

/** A case's statuses: `open` until an analyst takes it (`in_progress`) or resolves it; `archived` to file it away. */
export const alertStatuses = ['open', 'in_progress', 'resolved', 'archived'] as const;
/** Where an alert's case stands. */
export type AlertStatus = (typeof alertStatuses)[number];

/** An indicator of compromise taken from an alert (an IP, a domain, a hash…), by kioku's extractor. */
export type AlertIoc = Fact;

/** An analyst's verdict on an alert. */
export interface AlertResolution {
  conclusion: AlertConclusion;
  reason: string;
  /** The analyst who resolved it. */
  by: string;
  at: Date;
}

/** An alert as ingested: what the store keeps, before it has an id. */
export interface NewAlert {
  /** The alert's source format, from the webhook path or `--schema` (e.g. `sentinel`, `guardduty`). */
  schema: string;
  /** The original JSON, exactly as received. */
  raw: string;
  title: string;
  description: string;
  /** Key facts the model (or the fallback) took from the alert: host, user, process, rule… */
  attributes: Record<string, string>;
  iocs: AlertIoc[];
  severity: AlertSeverity;
  /** The model that wrote title/description/attributes, or `fallback` when none did. */
  summarizedBy: string;
  /** The embedder that produced `embedding`; similarity only compares alerts of one embedder. */
  embedder: string;
  embedding: number[];
}

/** A stored alert. */
export interface Alert extends Omit<NewAlert, 'embedding'> {
  id: string;
  status: AlertStatus;
  createdAt: Date;
  resolution?: AlertResolution;
  /** The alert this one was merged into (it is then listed under that one). */
  mergedInto?: string;
  /** The analyst working the case. */
  assignee?: string;
  /** The case's tags, sorted. */
  tags: string[];
}
