import type { LogEngine } from './log-engine.js';

/**
 * A section for the main agent's system prompt (a tool registry's `systemPrompt`): what `logs_run` can
 * answer, with the log tables and their descriptions, so the main agent knows when to delegate.
 */
export async function logsRunPromptSection(
  engine: LogEngine,
  { name = 'logs_run' }: { name?: string } = {},
): Promise<string> {
  const tables = await engine.tables();
  const lines = tables.map(
    (table) => `- ${table.name}${table.description === undefined ? '' : `: ${table.description}`}`,
  );
  return [
    `${name} answers questions about these security log tables by writing and running SQL itself; ask it in plain language (host, user, time window, what to find) and it returns exact values:`,
    ...lines,
  ].join('\n');
}
