import type { FidelityTotals } from './fidelity-totals.js';

/** How much a strategy hid from the agent, as rates (see {@link fidelityRates}). */
export interface FidelityRates {
  /** Share of calls (0–1) whose managed prompt hid at least one fact the agent's answer used. */
  hiddenFactRate: number;
  /** Hidden facts per 100 calls. */
  hiddenFactsPer100Calls: number;
  /**
   * As `hiddenFactRate`, counting also facts the agent's own earlier messages held (what tool-input
   * clearing or a summary cut of what the agent itself wrote).
   */
  hiddenFactRateIncludingOwn: number;
  /** Share (0–1) of the tool-sourced facts of the answers that the managed prompts hid. */
  hiddenToolFactShare: number;
  /**
   * Per tool name: the agent's calls of it, and the share of them (0–1) whose arguments carry a hidden
   * fact (a payment id, an `old_str` only a masked output held): for write tools, the calls at risk.
   */
  hiddenArgumentsByTool: Record<string, { calls: number; hiddenRate: number }>;
}

/**
 * The rates of fidelity totals: the hidden-fact rate (share of calls with at least one hidden fact), hidden
 * facts per 100 calls, the hidden-fact rate counting the agent's own earlier messages as sources too, the
 * share of tool-sourced facts hidden, and per tool the share of its calls whose
 * arguments carry a hidden fact. All 0 when nothing was measured.
 *
 * @example
 * fidelityRates(fidelityTotals(calls)).hiddenFactRate; // 0.105
 */
export function fidelityRates(totals: FidelityTotals): FidelityRates {
  const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0);
  return {
    hiddenFactRate: share(totals.callsWithHiddenFact, totals.calls),
    hiddenFactsPer100Calls: share(totals.hiddenFacts * 100, totals.calls),
    hiddenFactRateIncludingOwn: share(totals.callsWithHiddenFactIncludingOwn, totals.calls),
    hiddenToolFactShare: share(totals.hiddenFacts, totals.facts),
    hiddenArgumentsByTool: Object.fromEntries(
      Object.entries(totals.toolCalls).map(([toolName, tool]) => [
        toolName,
        { calls: tool.calls, hiddenRate: share(tool.withHiddenFact, tool.calls) },
      ]),
    ),
  };
}
