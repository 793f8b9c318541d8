/** An alert as the console API lists it (without the raw JSON). */
export interface AlertSummary {
  id: string;
  schema: string;
  title: string;
  description: string;
  attributes: Record<string, string>;
  iocs: { kind: string; value: string }[];
  severity: string;
  status: 'open' | 'in_progress' | 'resolved' | 'archived';
  createdAt: string;
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

/** `GET /api/alerts/:id`. */
export interface AlertDetail {
  alert: Omit<AlertSummary, 'iocs'> & { raw: string; iocs: IocVerdict[] };
  similar: { alert: AlertSummary; distance: number }[];
  merged: AlertSummary[];
}

export { alertConclusions as conclusions, alertSeverities as severities } from '../../src/alerts/alert.js';
export type { ConversationContext } from '../../src/server/console/conversation-context.js';
