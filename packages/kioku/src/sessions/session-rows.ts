import type { ModelMessage } from 'ai';
import type { Session, SessionView } from './session.js';

/** A `kioku_sessions` row as Drizzle reads it. */
export interface SessionRow {
  id: string;
  title: string | null;
  metadata: Record<string, unknown>;
  messageCount: number;
  viewCount: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A `kioku_session_views` row as Drizzle reads it. */
export interface SessionViewRow {
  version: number;
  replacedFrom: number;
  replacedTo: number;
  summary: ModelMessage[];
  strategy: string;
  tokensBefore: number;
  tokensAfter: number;
  messageCount: number;
  createdAt: Date;
}

/** The public shape of a session row: no `title` key when it has none. */
export function sessionFromRow({ title, ...row }: SessionRow): Session {
  return title === null ? row : { ...row, title };
}

/** The public shape of a view row. */
export function viewFromRow(row: SessionViewRow): SessionView {
  return {
    version: row.version,
    replaces: { from: row.replacedFrom, to: row.replacedTo },
    summary: row.summary,
    strategy: row.strategy,
    tokensBefore: row.tokensBefore,
    tokensAfter: row.tokensAfter,
    messageCount: row.messageCount,
    createdAt: row.createdAt,
  };
}
