import type { AgentEvent } from './agent-event.js';
import { sqlTableKey } from './sql-table-key.js';

/**
 * A run's events with each call's key argument folded into its action: a call whose `keyOf` names a key
 * becomes the tool `name[key]` (`execute[SigninLogs]`), the others stay as they are. For agents with few
 * tools (an SQL agent's execute and submit), where the next tool is nearly always the same and what tells
 * decisions apart is an argument, a tool graph learned on these events predicts the argument too.
 *
 * @param keyOf the key of a call's input; default {@link sqlTableKey}, the table an SQL statement names.
 * @example
 * const graph = createToolGraph();
 * for (const run of runs) graph.learnRun(keyArgumentEvents(run));
 * graph.predict(keyArgumentEvents(history)).ranked[0]?.action; // e.g. 'execute[SigninLogs]'
 */
export function keyArgumentEvents(
  events: readonly AgentEvent[],
  keyOf: (input: unknown, tool: string) => string | undefined = sqlTableKey,
): AgentEvent[] {
  return events.map((event) => {
    if (event.kind !== 'call') return event;
    const key = keyOf(event.input, event.tool);
    return key === undefined ? event : { ...event, tool: `${event.tool}[${key}]` };
  });
}
