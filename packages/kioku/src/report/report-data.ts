import type { StrategyAnalysis, StrategyComparison, TriggerSweepCurve } from '../replay/index.js';

/** One transcript's per-call series, per strategy, as the report's charts draw them. */
export interface ReportTranscript {
  label: string;
  calls: number;
  /** Strategy name → context tokens per call, and cumulative USD without and with prompt caching. */
  series: Record<string, { context: number[]; costCached: number[]; costNoCache: number[] }>;
}

/** Everything the HTML report shows, as plain JSON embedded in the page. */
export interface ReportData {
  title: string;
  /** What was replayed and how it was priced, in one line. */
  subtitle: string;
  baseline: string;
  /** The strategy marked as kioku's default, if it was replayed. */
  kiokuDefault?: string;
  /** One line per strategy name, shown when hovering its row. */
  descriptions?: Record<string, string>;
  strategies: StrategyComparison[];
  /** Longest first. */
  transcripts: ReportTranscript[];
  /** Tool names, and per strategy the tokens it saved on each (summed over every call). */
  savedByTool: { tools: string[]; byStrategy: Record<string, number[]> };
  /** Where the cache breakpoints of every strategy went, in one line, when a policy was applied. */
  breakpoints?: string;
  /**
   * The trigger sweep drawn as curves (input tokens × against cost cached ×, and hidden-fact rate against
   * cost cached × when measured), with the breakpoint policy it was replayed under.
   */
  sweep?: { breakpoints: string; curves: TriggerSweepCurve[] };
}

/** Options of {@link reportData}. */
export interface ReportDataOptions {
  analysis: StrategyAnalysis;
  title?: string;
  kiokuDefault?: string | undefined;
  /** One line per strategy name (e.g. where its defaults come from). */
  descriptions?: Record<string, string> | undefined;
  /** One line on where the cache breakpoints went (see `ReportData.breakpoints`). */
  breakpoints?: string | undefined;
  /** A trigger sweep to draw (see `sweepTriggers`), with its breakpoint policy. */
  sweep?: { breakpoints: string; curves: TriggerSweepCurve[] } | undefined;
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/**
 * Turns an analysis into the report's data: summary rows, per-call series of every transcript (longest
 * first), tokens saved by tool, and the trigger sweep when given.
 */
export function reportData({
  analysis,
  title = 'kioku analyze: context strategies replayed',
  kiokuDefault,
  descriptions,
  breakpoints,
  sweep,
}: ReportDataOptions): ReportData {
  const byTranscript = new Map<string, ReportTranscript>();
  const pricings = new Set<string>();
  for (const replay of analysis.replays) {
    pricings.add(replay.pricing);
    const label = `${replay.transcript.id} (${replay.transcript.format})`;
    let transcript = byTranscript.get(`${replay.transcript.file}\u0000${replay.transcript.id}`);
    if (transcript === undefined) {
      transcript = { label, calls: replay.calls.length, series: {} };
      byTranscript.set(`${replay.transcript.file}\u0000${replay.transcript.id}`, transcript);
    }
    let cached = 0;
    let uncached = 0;
    transcript.series[replay.strategy] = {
      context: replay.calls.map((call) => call.contextTokens),
      costCached: replay.calls.map((call) => {
        cached += call.costCached;
        return round(cached, 6);
      }),
      costNoCache: replay.calls.map((call) => {
        uncached += call.costNoCache;
        return round(uncached, 6);
      }),
    };
  }
  const transcripts = [...byTranscript.values()].sort((a, b) => b.calls - a.calls);
  const totals = new Map<string, number>();
  for (const strategy of analysis.strategies) {
    for (const [tool, saved] of Object.entries(strategy.savedByTool)) {
      totals.set(tool, (totals.get(tool) ?? 0) + Math.abs(saved));
    }
  }
  const tools = [...totals].sort((a, b) => b[1] - a[1]).map(([tool]) => tool);
  const calls = transcripts.reduce((sum, transcript) => sum + transcript.calls, 0);
  const data: ReportData = {
    title,
    subtitle: `${transcripts.length} transcript${transcripts.length === 1 ? '' : 's'}, ${calls.toLocaleString('en-US')} LLM calls replayed; priced as ${[...pricings].join(', ')}`,
    baseline: analysis.baseline,
    strategies: analysis.strategies,
    transcripts,
    savedByTool: {
      tools,
      byStrategy: Object.fromEntries(
        analysis.strategies.map((strategy) => [
          strategy.name,
          tools.map((tool) => Math.round(strategy.savedByTool[tool] ?? 0)),
        ]),
      ),
    },
  };
  if (kiokuDefault !== undefined) data.kiokuDefault = kiokuDefault;
  if (descriptions !== undefined) data.descriptions = descriptions;
  if (breakpoints !== undefined) data.breakpoints = breakpoints;
  if (sweep !== undefined) data.sweep = { breakpoints: sweep.breakpoints, curves: sweep.curves };
  return data;
}
