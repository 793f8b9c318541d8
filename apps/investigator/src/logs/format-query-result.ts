import { markUntrusted } from '../untrusted/index.js';
import type { QueryResult } from './log-engine.js';

/**
 * A result page as the log agent's model reads it: a line of facts (result id, rows shown and where,
 * has_more, the dry-run estimate), the cap hint when there is one, then the rows as JSON lines inside an
 * untrusted-data block.
 */
export function formatQueryResult(result: QueryResult, source: string): string {
  const last = result.offset + result.rowCount;
  const facts = [
    `result_id=${result.resultId}`,
    `rows ${result.rowCount === 0 ? 0 : `${result.offset + 1}-${last}`}${
      result.totalRows === undefined ? ' of more' : ` of ${result.totalRows}`
    }`,
    `has_more=${result.hasMore}`,
    `columns: ${result.columns.map((column) => `${column.name} ${column.type}`).join(', ')}`,
    ...(result.estimate?.rows === undefined ? [] : [`estimated rows=${result.estimate.rows}`]),
  ];
  const lines = [facts.join('; ')];
  if (result.hint !== undefined) lines.push(result.hint);
  const rows = result.rows.map((row) => JSON.stringify(row)).join('\n');
  lines.push(markUntrusted({ source, content: rows === '' ? '(no rows)' : rows }));
  return lines.join('\n');
}
