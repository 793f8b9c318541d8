import type { ThresholdOutcome, ToolPredictionEvaluation } from '../entry/strategies.js';
import { formatTable } from './format-table.js';

/** What `kioku tools` reports: the split, and the evaluation of the graph on the test runs. */
export interface ToolsReport extends Omit<ToolPredictionEvaluation, 'thresholds'> {
  /** Per θ, with the LLM calls a right bypass saves and the bypasses that called the wrong tool or arguments. */
  thresholds: Array<ThresholdOutcome & { llmCallsSaved: number; wrongBypasses: number }>;
  trainRuns: number;
  testRuns: number;
  /** The saved graph evaluated (`--load`). */
  loaded?: string;
  /** Runs the evaluated graph has learned in all. */
  learnedRuns: number;
}

const percent = (part: number, whole: number) =>
  whole === 0 ? '-' : `${((part / whole) * 100).toFixed(1)}%`;

/** The text tables of `kioku tools`. */
export function renderToolsReport(report: ToolsReport, topK: number): string {
  const source =
    report.loaded === undefined
      ? `trained on ${report.trainRuns} run(s), tested on ${report.testRuns}`
      : `${report.loaded} (learned from ${report.learnedRuns} run(s)), tested on ${report.testRuns} run(s)`;
  const thresholds = report.thresholds.map((outcome) => [
    outcome.theta,
    percent(outcome.bypassed, report.decisions),
    percent(outcome.bypassRight, outcome.bypassed),
    outcome.llmCallsSaved,
    outcome.wrongBypasses,
    percent(outcome.narrowed, report.decisions),
    percent(outcome.narrowedKept, outcome.narrowed),
  ]);
  const tools = Object.entries(report.perTool)
    .sort((a, b) => b[1].calls - a[1].calls || a[0].localeCompare(b[0]))
    .map(([tool, stats]) => [tool, stats.calls, percent(stats.top1, 1), percent(stats.top1WithInput, 1)]);
  return [
    `${source}: ${report.decisions} decisions, ${report.toolCalls} tool calls`,
    `top-1 next tool ${percent(report.top1, 1)} (majority class ${percent(report.majorityTop1, 1)}), with its arguments ${percent(report.top1WithInput, 1)}, ` +
      `top-${topK} ${percent(report.topK, 1)}`,
    '',
    formatTable(
      ['θ', 'bypassed', 'right', 'LLM calls saved', 'wrong bypasses', 'narrowed', 'kept'],
      thresholds,
    ),
    '',
    'Per tool',
    formatTable(['tool', 'calls', 'top-1', 'with arguments'], tools),
  ].join('\n');
}
