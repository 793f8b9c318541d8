/** An alert as the console API lists it (without the raw JSON). */
export interface AlertSummary {
  id: string;
  schema: string;
  title: string;
  description: string;
  attributes: Record<string, string>;
  iocs: { kind: string; value: string }[];
  severity: string;
  status: 'open' | 'resolved';
  createdAt: string;
  resolution?: { conclusion: string; reason: string; by: string; at: string };
  mergedInto?: string;
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

/** `GET /api/alerts/:id/context`. */
export interface ConversationContext {
  window: number;
  counter: { family: string; exact: boolean };
  points: { turn: number; originalTokens: number; contextTokens: number }[];
  compactions: {
    version: number;
    strategy: string;
    replaces: { from: number; to: number };
    tokensBefore: number;
    tokensAfter: number;
    summary: string;
    createdAt: string;
  }[];
  turns: number;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheHitRate?: number;
  costUsd?: number;
}

export { alertConclusions as conclusions, alertSeverities as severities } from '../../src/alerts/alert.js';
