import type { CallFidelity } from './call-fidelity.js';

/** Counts of what a strategy hid over many calls (see {@link fidelityTotals}). */
export interface FidelityTotals {
  /** Calls measured. */
  calls: number;
  /** Calls whose managed prompt hid at least one fact of the answer (see `CallFidelity.hidden`). */
  callsWithHiddenFact: number;
  /** Sourced facts of the answers (see `CallFidelity.facts`). */
  facts: number;
  /** Those the managed prompts hid. */
  hiddenFacts: number;
  /** As `callsWithHiddenFact`, `facts` and `hiddenFacts`, of the facts tool outputs alone held. */
  callsWithHiddenOutputFact: number;
  outputFacts: number;
  hiddenOutputFacts: number;
  /** Per tool name: the agent's calls of the tool, and those whose arguments carry a hidden fact. */
  toolCalls: Record<string, { calls: number; withHiddenFact: number }>;
}

/**
 * Adds up the fidelity of calls, or of totals already added up: calls, calls with a hidden fact, facts,
 * hidden facts (and the same of the facts tool outputs alone held), and per tool its calls and those whose
 * arguments carry a hidden fact.
 *
 * @example
 * const totals = fidelityTotals(replay.calls.map((call) => call.fidelity));
 */
export function fidelityTotals(items: readonly (CallFidelity | FidelityTotals)[]): FidelityTotals {
  const totals: FidelityTotals = {
    calls: 0,
    callsWithHiddenFact: 0,
    facts: 0,
    hiddenFacts: 0,
    callsWithHiddenOutputFact: 0,
    outputFacts: 0,
    hiddenOutputFacts: 0,
    toolCalls: {},
  };
  const addTool = (toolName: string, calls: number, withHiddenFact: number) => {
    const tool = totals.toolCalls[toolName] ?? { calls: 0, withHiddenFact: 0 };
    tool.calls += calls;
    tool.withHiddenFact += withHiddenFact;
    totals.toolCalls[toolName] = tool;
  };
  for (const item of items) {
    if ('hidden' in item) {
      totals.calls += 1;
      totals.callsWithHiddenFact += item.hidden.length > 0 ? 1 : 0;
      totals.facts += item.facts;
      totals.hiddenFacts += item.hidden.length;
      totals.callsWithHiddenOutputFact += item.hiddenOutputFacts.length > 0 ? 1 : 0;
      totals.outputFacts += item.outputFacts;
      totals.hiddenOutputFacts += item.hiddenOutputFacts.length;
      for (const call of item.toolCalls) addTool(call.toolName, 1, call.hiddenInArguments ? 1 : 0);
      continue;
    }
    totals.calls += item.calls;
    totals.callsWithHiddenFact += item.callsWithHiddenFact;
    totals.facts += item.facts;
    totals.hiddenFacts += item.hiddenFacts;
    totals.callsWithHiddenOutputFact += item.callsWithHiddenOutputFact;
    totals.outputFacts += item.outputFacts;
    totals.hiddenOutputFacts += item.hiddenOutputFacts;
    for (const [toolName, tool] of Object.entries(item.toolCalls))
      addTool(toolName, tool.calls, tool.withHiddenFact);
  }
  return totals;
}
