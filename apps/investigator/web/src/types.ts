/** An alert as the console API lists it (without the raw JSON). */
export interface AlertSummary {
  id: string;
  schema: string;
  title: string;
  description: string;
  attributes: Record<string, string>;
  iocs: { kind: string; value: string }[];
  /** Distinct IOCs beyond the kept ones (counted, not kept). */
  iocsOmitted: number;
  severity: string;
  status: 'open' | 'in_progress' | 'resolved' | 'archived';
  createdAt: string;
  host?: string;
  user?: string;
  source?: string;
  eventTime?: string;
  /** Times received (duplicates fold into it) and when last. */
  occurrences: number;
  lastSeenAt: string;
  summaryPending: boolean;
  resolution?: { conclusion: string; reason: string; by: string; at: string };
  mergedInto?: string;
  assignee?: string;
  tags: string[];
}

/** An IOC with what threat intelligence says of it. */
export interface IocVerdict {
  kind: string;
  value: string;
  verdict: string;
  sources: string[];
}

/** `GET /api/alerts`: a page and how many match in all. */
export interface AlertListPage {
  alerts: AlertSummary[];
  /** Counted up to 10,000 matches; beyond, the store's estimate (`totalExact` false). */
  total: number;
  totalExact: boolean;
  /** The cursor of the next page (`after`); absent on the last page. */
  next?: string;
  offset: number;
  limit: number;
}

/** `GET /api/alerts/:id/iocs`: a page of an alert's IOCs with verdicts. */
export interface IocPage {
  iocs: IocVerdict[];
  total: number;
  omitted: number;
  offset: number;
  limit: number;
}

/** `GET /api/alerts/:id` (the IOCs: the first page; `iocsTotal` kept in all). */
export interface AlertDetail {
  alert: Omit<AlertSummary, 'iocs'> & { raw: string; iocs: IocVerdict[]; iocsTotal: number };
  similar: { alert: AlertSummary; distance: number }[];
  merged: AlertSummary[];
}

export { alertConclusions as conclusions, alertSeverities as severities } from '../../src/alerts/alert.js';
export type { ConversationContext } from '../../src/server/console/conversation-context.js';
