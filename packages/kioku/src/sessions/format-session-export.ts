import type { SessionExport } from './session.js';

/** The formats `formatSessionExport` writes. */
export type SessionExportFormat = 'jsonl' | 'json';

/**
 * A session export as text. `json`: one document `{ format, session, messages, views }`. `jsonl`: one
 * record per line in the order things were written: `{ type: 'session', session }`, then
 * `{ type: 'message', position, message }` per original message, each `{ type: 'view', view }` right
 * after the last message it had seen. Dates are ISO 8601 strings.
 */
export function formatSessionExport(
  exported: SessionExport,
  { format }: { format: SessionExportFormat },
): string {
  const { session, messages, views } = exported;
  if (format === 'json') {
    return `${JSON.stringify({ format: 'kioku.session-export/1', session, messages, views }, null, 2)}\n`;
  }
  const lines = [JSON.stringify({ type: 'session', format: 'kioku.session-export/1', session })];
  const byCount = [...views].sort((a, b) => a.messageCount - b.messageCount || a.version - b.version);
  let next = 0;
  const flushViews = (seen: number) => {
    for (; next < byCount.length && (byCount[next]?.messageCount ?? 0) <= seen; next += 1) {
      lines.push(JSON.stringify({ type: 'view', view: byCount[next] }));
    }
  };
  messages.forEach((message, position) => {
    flushViews(position);
    lines.push(JSON.stringify({ type: 'message', position, message }));
  });
  flushViews(Number.POSITIVE_INFINITY);
  return `${lines.join('\n')}\n`;
}
