import { type ToolSet, tool } from 'ai';
import { z } from 'zod';
import { markUntrusted } from '../untrusted/index.js';
import { formatQueryResult } from './format-query-result.js';
import type { Runbook } from './load-runbooks.js';
import type { LogEngine } from './log-engine.js';
import { LogQueryError } from './log-query-error.js';

/** Options of {@link logAgentTools}. */
export interface LogAgentToolsOptions {
  engine: LogEngine;
  runbooks: readonly Runbook[];
  /** Rows of a query's first page (default 50). */
  maxRows?: number;
}

/**
 * The log agent's internal tools: `schema` (tables, or one table's columns), `query` (one read-only SQL
 * statement under the engine's guardrails), `get_result` (another page of a kept result) and `runbook`
 * (a saved query by name). Refusals and engine errors are thrown with a message safe for the model, which
 * the AI SDK hands back to it as a tool error so it can fix the query.
 */
export function logAgentTools({ engine, runbooks, maxRows = 50 }: LogAgentToolsOptions): ToolSet {
  const byName = new Map(runbooks.map((runbook) => [runbook.name, runbook]));
  const tools: ToolSet = {
    schema: tool({
      description:
        'Without a table: the tables with their descriptions and row counts. With a table: its columns and types.',
      inputSchema: z.object({
        table: z.string().optional().describe('A table name from the list; omit it to list the tables.'),
      }),
      execute: async ({ table }) => {
        const tables = await engine.tables();
        if (table === undefined) {
          const lines = tables.map(
            (entry) =>
              `${entry.name} (${entry.rowCount ?? '?'} rows, ${entry.columns.length} columns): ${entry.description ?? ''}`,
          );
          return markUntrusted({ source: 'log schema', content: lines.join('\n') });
        }
        const found = tables.find((entry) => entry.name.toLowerCase() === table.toLowerCase());
        if (found === undefined) {
          throw new LogQueryError({
            reason: 'failed',
            message: `no table "${table}"; the tables are ${tables.map((entry) => entry.name).join(', ')}`,
          });
        }
        const columns = found.columns.map((column) => `${column.name} ${column.type}`).join('\n');
        return markUntrusted({
          source: `columns of ${found.name}`,
          content: `${found.description ?? ''}\n${columns}`,
        });
      },
    }),
    query: tool({
      description: `Runs one read-only ${engine.name} SQL statement (SELECT, WITH, DESCRIBE, SUMMARIZE, EXPLAIN) and returns the first rows, a result_id for paging and has_more.`,
      inputSchema: z.object({ sql: z.string().min(1).describe('Exactly one read-only statement.') }),
      execute: async ({ sql }) =>
        formatQueryResult(await guarded(() => engine.query(sql, { maxRows })), 'query rows'),
    }),
    get_result: tool({
      description:
        'Another page of an earlier result (when has_more was true and you need the rows themselves).',
      inputSchema: z.object({
        result_id: z.string().describe('The result_id of the earlier query.'),
        offset: z.number().int().min(0).describe('The first row to return, counted from 0.'),
        limit: z.number().int().min(1).optional().describe(`Rows to return (at most ${maxRows}).`),
      }),
      execute: async ({ result_id, offset, limit }) =>
        formatQueryResult(await engine.page(result_id, offset, limit), `rows of ${result_id}`),
    }),
  };
  if (runbooks.length > 0) {
    tools.runbook = tool({
      description:
        'Runs a saved, reviewed query (a runbook) by name; the names are listed in your instructions.',
      inputSchema: z.object({
        name: z.enum(runbooks.map((runbook) => runbook.name) as [string, ...string[]]),
      }),
      execute: async ({ name }) => {
        const runbook = byName.get(name) as Runbook;
        return formatQueryResult(
          await guarded(() => engine.query(runbook.sql, { maxRows })),
          `rows of runbook ${name}`,
        );
      },
    });
  }
  return tools;
}

/**
 * An engine error (`failed`) can quote the logs — DuckDB's binder lists candidate column names, which come
 * from the log files' keys — so its message reaches the model inside an untrusted-data block; the
 * guardrails' own refusals are ours and stay plain.
 */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!LogQueryError.isInstance(error) || error.reason !== 'failed') throw error;
    throw new LogQueryError({
      reason: 'failed',
      message: `the query failed; fix it and try again:\n${markUntrusted({ source: 'engine error', content: error.message })}`,
      cause: error,
    });
  }
}
