import type { Fact } from 'kioku/strategies';

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

/** The most IOCs kept per alert; the rest are counted in `iocsOmitted`. */
export const maxAlertIocs = 1000;

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
  /** At most {@link maxAlertIocs}, in the order found. */
  iocs: AlertIoc[];
  /** How many more distinct IOCs the alert held beyond `iocs` (counted, not kept). */
  iocsOmitted: number;
  severity: AlertSeverity;
  /** The model that wrote title/description/attributes, or `fallback` when none did. */
  summarizedBy: string;
  /** Identifies the same alert sent again (`alertFingerprint`): duplicates fold into one open alert. */
  fingerprint: string;
  /** The host, user and source system the alert is about, and when it happened, from its own fields. */
  host?: string | undefined;
  user?: string | undefined;
  source?: string | undefined;
  eventTime?: Date | undefined;
  /** The embedder that produced (or will produce) `embedding`; similarity only compares alerts of one embedder. */
  embedder: string;
  /** Absent when a background job embeds the alert after it is stored (the webhook's path). */
  embedding?: number[] | undefined;
}

/** A stored alert. */
export interface Alert extends Omit<NewAlert, 'embedding'> {
  id: string;
  status: AlertStatus;
  createdAt: Date;
  /** How many times it was received (duplicates fold into it), and when last. */
  occurrences: number;
  lastSeenAt: Date;
  /** True while a background job has still to write the model's summary or the embedding. */
  summaryPending: boolean;
  resolution?: AlertResolution;
  /** The alert this one was merged into (it is then listed under that one). */
  mergedInto?: string;
  /** The analyst working the case. */
  assignee?: string;
  /** The case's tags, sorted. */
  tags: string[];
}
