import type { CompactWithFallbackResult } from '../entry/strategies.js';
import type { SummaryUsage } from '../index.js';

/** One compacted run, as `kioku compact` reports it. */
export interface CompactedRun {
  id: string;
  messagesBefore: number;
  messagesAfter: number;
  result: CompactWithFallbackResult<unknown>;
}

/** What `kioku compact --json` prints. */
export interface CompactReport {
  file: string;
  format: string;
  model: string;
  counter: { family: string; exact: boolean };
  contextWindow: number;
  /** The strategy asked for. */
  strategy: string;
  /** What produced the result, e.g. `summarization`, or `observation-masking` after a failure. */
  compactedBy: string;
  fallbacks: string[];
  /** Why the strategy asked for failed, when it did (the fallbacks compacted instead). */
  failure?: string;
  tokensBefore: number;
  tokensAfter: number;
  messagesBefore: number;
  messagesAfter: number;
  factsRepaired: number;
  summaryUsage: SummaryUsage;
  /** Runs whose compacted history is still larger than `contextWindow`. */
  runsOverWindow: number;
  runs: Array<{
    id: string;
    tokensBefore: number;
    tokensAfter: number;
    factsRepaired: number;
    compactedBy: string;
  }>;
  out?: { file: string; format: string; note?: string };
}

/** The report of a compaction, summed over the file's runs. */
export function compactReport({
  runs,
  ...fields
}: Omit<
  CompactReport,
  | 'compactedBy'
  | 'fallbacks'
  | 'failure'
  | 'tokensBefore'
  | 'tokensAfter'
  | 'messagesBefore'
  | 'messagesAfter'
  | 'factsRepaired'
  | 'summaryUsage'
  | 'runsOverWindow'
  | 'runs'
> & { runs: readonly CompactedRun[] }): CompactReport {
  const sum = (pick: (run: CompactedRun) => number) => runs.reduce((total, run) => total + pick(run), 0);
  const failure = runs.map((run) => run.result.failure).find((reason) => reason !== undefined);
  const report: CompactReport = {
    ...fields,
    compactedBy: [...new Set(runs.map((run) => run.result.strategy))].join(', '),
    fallbacks: [...new Set(runs.flatMap((run) => run.result.fallbacks))],
    tokensBefore: sum((run) => run.result.tokensBefore),
    tokensAfter: sum((run) => run.result.tokensAfter),
    messagesBefore: sum((run) => run.messagesBefore),
    messagesAfter: sum((run) => run.messagesAfter),
    factsRepaired: sum((run) => run.result.factsRepaired),
    summaryUsage: {
      inputTokens: sum((run) => run.result.summaryUsage?.inputTokens ?? 0),
      outputTokens: sum((run) => run.result.summaryUsage?.outputTokens ?? 0),
      calls: sum((run) => run.result.summaryUsage?.calls ?? 0),
    },
    runsOverWindow: runs.filter((run) => run.result.tokensAfter > fields.contextWindow).length,
    runs: runs.map((run) => ({
      id: run.id,
      tokensBefore: run.result.tokensBefore,
      tokensAfter: run.result.tokensAfter,
      factsRepaired: run.result.factsRepaired,
      compactedBy: run.result.strategy,
    })),
  };
  if (failure !== undefined) report.failure = failure;
  return report;
}

const count = (value: number) => value.toLocaleString('en-US');

/** The report for a terminal. */
export function renderCompactReport(report: CompactReport): string {
  const saved = report.tokensBefore === 0 ? 0 : 1 - report.tokensAfter / report.tokensBefore;
  const counter = report.counter.exact ? report.counter.family : `${report.counter.family}, an estimate`;
  const { inputTokens, outputTokens, calls } = report.summaryUsage;
  const lines = [
    `${report.file} (${report.format}${report.runs.length > 1 ? `, ${report.runs.length} runs` : ''})`,
    `  messages        ${count(report.messagesBefore)} → ${count(report.messagesAfter)}`,
    `  tokens          ${count(report.tokensBefore)} → ${count(report.tokensAfter)} (${(saved * 100).toFixed(1)}% fewer; ${counter} counter)`,
    `  compacted by    ${report.compactedBy}${report.tokensAfter === report.tokensBefore ? ' (nothing to compact)' : ''}`,
    `  facts repaired  ${count(report.factsRepaired)}`,
    `  summary calls   ${calls === 0 ? 'none' : `${count(calls)} (${count(inputTokens)} tokens in, ${count(outputTokens)} out)`}`,
  ];
  if (report.out !== undefined) lines.push(`  written to      ${report.out.file} (${report.out.format})`);
  return lines.join('\n');
}
