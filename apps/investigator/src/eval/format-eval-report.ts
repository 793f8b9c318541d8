import type { EvalReport } from './run-eval.js';

const usd = (cost: number | undefined) => (cost === undefined ? 'n/a' : `$${cost.toFixed(4)}`);

/**
 * The report as a table for a terminal: per alert the findings found over expected, tokens and cost,
 * the missing findings, then the totals.
 *
 * @example
 * console.log(formatEvalReport(await runEval({ scenarios, investigate })));
 */
export function formatEvalReport(report: EvalReport): string {
  const lines = ['alert                      findings   input tok  output tok      cost'];
  for (const result of report.scenarios) {
    lines.push(
      `${result.id.padEnd(26)} ${`${result.found}/${result.expected}`.padStart(8)} ${String(result.inputTokens).padStart(11)} ${String(result.outputTokens).padStart(11)} ${usd(result.costUsd).padStart(9)}`,
    );
    for (const question of result.questions) {
      if (question.missing.length > 0)
        lines.push(`  missing for "${question.ask}": ${question.missing.join(', ')}`);
    }
    if (result.error !== undefined) lines.push(`  failed: ${result.error}`);
  }
  lines.push(
    `${'total'.padEnd(26)} ${`${report.found}/${report.expected}`.padStart(8)} ${String(report.inputTokens).padStart(11)} ${String(report.outputTokens).padStart(11)} ${usd(report.costUsd).padStart(9)}`,
    `recall of expected findings: ${(report.recall * 100).toFixed(1)}%`,
  );
  return lines.join('\n');
}
