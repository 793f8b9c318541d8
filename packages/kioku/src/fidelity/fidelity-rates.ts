import type { FidelityTotals } from './fidelity-totals.js';

/** How much a strategy hid from the agent, as rates (see {@link fidelityRates}). */
export interface FidelityRates {
  /**
   * Share of calls (0–1) whose managed prompt hid at least one fact the agent's answer used that only tool
   * outputs and its own earlier messages (its tool inputs, which tool-input clearing cuts) had held: the
   * headline.
   */
  hiddenFactRate: number;
  /** Hidden facts per 100 calls. */
  hiddenFactsPer100Calls: number;
  /** As `hiddenFactRate`, counting only facts tool outputs alone held (what masking outputs can hide). */
  hiddenOutputFactRate: number;
  /** Share (0–1) of the sourced facts of the answers that the managed prompts hid. */
  hiddenFactShare: number;
  /**
   * Per tool name: the agent's calls of it, and the share of them (0–1) whose arguments carry a hidden
   * fact (a payment id, an `old_str` only a masked output held): for write tools, the calls at risk.
   */
  hiddenArgumentsByTool: Record<string, { calls: number; hiddenRate: number }>;
}

/**
 * The rates of fidelity totals: the hidden-fact rate (share of calls with at least one hidden fact, the
 * agent's own earlier tool inputs counted as sources), hidden facts per 100 calls, the same rate of the
 * facts tool outputs alone held, the share of sourced facts hidden, and per tool the share of its calls
 * whose arguments carry a hidden fact. All 0 when nothing was measured.
 *
 * @example
 * fidelityRates(fidelityTotals(calls)).hiddenFactRate; // 0.105
 */
export function fidelityRates(totals: FidelityTotals): FidelityRates {
  const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0);
  return {
    hiddenFactRate: share(totals.callsWithHiddenFact, totals.calls),
    hiddenFactsPer100Calls: share(totals.hiddenFacts * 100, totals.calls),
    hiddenOutputFactRate: share(totals.callsWithHiddenOutputFact, totals.calls),
    hiddenFactShare: share(totals.hiddenFacts, totals.facts),
    hiddenArgumentsByTool: Object.fromEntries(
      Object.entries(totals.toolCalls).map(([toolName, tool]) => [
        toolName,
        { calls: tool.calls, hiddenRate: share(tool.withHiddenFact, tool.calls) },
      ]),
    ),
  };
}
