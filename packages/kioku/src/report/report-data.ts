import { ReplayConfigurationError } from '../errors/replay-configuration-error.js';
import type { StrategyAnalysis, StrategyComparison, TriggerSweepCurve } from '../replay/index.js';

/** One transcript's per-call series, per strategy, as the report's charts draw them. */
export interface ReportTranscript {
  label: string;
  calls: number;
  /** Strategy name → context tokens per call, and cumulative USD without and with prompt caching. */
  series: Record<string, { context: number[]; costCached: number[]; costNoCache: number[] }>;
}

/** What the report shows of one breakpoint policy: its table, per-call series, tokens saved and sweep. */
export interface ReportPolicy {
  /** The policy's name (e.g. `agent`): the switch's label and the page's `#name` link. */
  name: string;
  /** Where the cache breakpoints of every strategy went, in one line, when given. */
  title?: string;
  strategies: StrategyComparison[];
  /** Longest first. */
  transcripts: ReportTranscript[];
  /** Tool names, and per strategy the tokens it saved on each (summed over every call). */
  savedByTool: { tools: string[]; byStrategy: Record<string, number[]> };
  /**
   * The trigger sweep replayed under this policy, drawn as curves (input tokens × against cost cached ×,
   * and cost cached × against the hidden-fact rate when measured).
   */
  sweep?: TriggerSweepCurve[];
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
  /** Every breakpoint policy replayed, in the order given (the page opens on the first). */
  policies: ReportPolicy[];
}

/** One breakpoint policy's analysis given to {@link reportData}. */
export interface ReportPolicyInput {
  /** The policy's name, e.g. `agent`; unique among the policies. */
  name: string;
  /** One line on where the cache breakpoints went (see `ReportPolicy.title`). */
  title?: string | undefined;
  analysis: StrategyAnalysis;
  /** The trigger sweep replayed under the same policy (see `sweepTriggers`), to draw. */
  sweep?: TriggerSweepCurve[] | undefined;
}

/** Options of {@link reportData}. */
export interface ReportDataOptions {
  /** One analysis per breakpoint policy replayed (at least one), over the same transcripts. */
  policies: readonly ReportPolicyInput[];
  title?: string;
  kiokuDefault?: string | undefined;
  /** One line per strategy name (e.g. where its defaults come from). */
  descriptions?: Record<string, string> | undefined;
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** The per-call series of every transcript of `analysis`, longest transcript first. */
function transcriptSeries(analysis: StrategyAnalysis): ReportTranscript[] {
  const byTranscript = new Map<string, ReportTranscript>();
  for (const replay of analysis.replays) {
    const key = `${replay.transcript.file}\u0000${replay.transcript.id}`;
    let transcript = byTranscript.get(key);
    if (transcript === undefined) {
      transcript = {
        label: `${replay.transcript.id} (${replay.transcript.format})`,
        calls: replay.calls.length,
        series: {},
      };
      byTranscript.set(key, transcript);
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
  return [...byTranscript.values()].sort((a, b) => b.calls - a.calls);
}

/** Tools by tokens saved over every strategy (most first), and each strategy's savings on each. */
function savedByTool(strategies: readonly StrategyComparison[]): ReportPolicy['savedByTool'] {
  const totals = new Map<string, number>();
  for (const strategy of strategies) {
    for (const [tool, saved] of Object.entries(strategy.savedByTool)) {
      totals.set(tool, (totals.get(tool) ?? 0) + Math.abs(saved));
    }
  }
  const tools = [...totals].sort((a, b) => b[1] - a[1]).map(([tool]) => tool);
  return {
    tools,
    byStrategy: Object.fromEntries(
      strategies.map((strategy) => [
        strategy.name,
        tools.map((tool) => Math.round(strategy.savedByTool[tool] ?? 0)),
      ]),
    ),
  };
}

/**
 * Turns the analyses of every breakpoint policy replayed into the report's data: per policy, its summary
 * rows, per-call series of every transcript (longest first), tokens saved by tool and its trigger sweep
 * when given. Throws a `ReplayConfigurationError` when no policy is given or two share a name.
 *
 * @example
 * const data = reportData({ policies: [{ name: 'agent', analysis }], kiokuDefault: 'kioku-default' });
 */
export function reportData({
  policies,
  title = 'kioku analyze: context strategies replayed',
  kiokuDefault,
  descriptions,
}: ReportDataOptions): ReportData {
  const [first] = policies;
  if (first === undefined) {
    throw new ReplayConfigurationError({
      message: 'reportData: policies is empty; give one analysis or more (one per breakpoint policy)',
    });
  }
  const names = policies.map((policy) => policy.name);
  const repeated = names.findIndex((name, index) => names.indexOf(name) !== index);
  if (repeated !== -1) {
    throw new ReplayConfigurationError({
      message: `reportData: policies[${repeated}] is named ${JSON.stringify(names[repeated])} like an earlier one: give each policy a distinct name`,
    });
  }
  const pricings = new Set(
    policies.flatMap((policy) => policy.analysis.replays.map((replay) => replay.pricing)),
  );
  const transcripts = transcriptSeries(first.analysis);
  const calls = transcripts.reduce((sum, transcript) => sum + transcript.calls, 0);
  const data: ReportData = {
    title,
    subtitle: `${transcripts.length} transcript${transcripts.length === 1 ? '' : 's'}, ${calls.toLocaleString('en-US')} LLM calls replayed; priced as ${[...pricings].join(', ')}`,
    baseline: first.analysis.baseline,
    policies: policies.map(({ name, title: policyTitle, analysis, sweep }) => {
      const policy: ReportPolicy = {
        name,
        strategies: analysis.strategies,
        transcripts: analysis === first.analysis ? transcripts : transcriptSeries(analysis),
        savedByTool: savedByTool(analysis.strategies),
      };
      if (policyTitle !== undefined) policy.title = policyTitle;
      if (sweep !== undefined) policy.sweep = sweep;
      return policy;
    }),
  };
  if (kiokuDefault !== undefined) data.kiokuDefault = kiokuDefault;
  if (descriptions !== undefined) data.descriptions = descriptions;
  return data;
}
