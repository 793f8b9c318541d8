import { describe, expect, it } from 'vitest';
import { formatEvalReport } from './format-eval-report.js';
import { type Investigation, runEval } from './run-eval.js';
import type { Scenario } from './scenario.js';

const scenario = (id: string, expect: Scenario['questions'][number]['expect'][]): Scenario => ({
  id,
  title: id,
  source: 'test',
  alert: { schema: 'test', raw: {} },
  questions: expect.map((findings, index) => ({ ask: `q${index}`, expect: findings })),
});

function investigation(answers: Record<string, string>, { fail }: { fail?: string } = {}): Investigation {
  let input = 0;
  return {
    async ask(question) {
      if (question === fail) throw new Error('provider unavailable');
      input += 100;
      return answers[question] ?? '';
    },
    spent: () => ({
      usage: {
        inputTokens: input,
        inputTokenDetails: { noCacheTokens: input, cacheReadTokens: 0, cacheWriteTokens: 0 },
        outputTokens: input / 10,
        outputTokenDetails: { textTokens: input / 10, reasoningTokens: 0 },
        totalTokens: input * 1.1,
      },
      costUsd: input * 0.000001,
    }),
    close: async () => undefined,
  };
}

describe('runEval', () => {
  it('scores every answer, sums tokens and cost per alert, and goes on after a failing scenario', async () => {
    const closed: string[] = [];
    const report = await runEval({
      scenarios: [
        scenario('a', [['winx64_payload.exe'], ['10.0.5.13', '8080']]),
        scenario('b', [['ring.txt'], ['1.2.3.4']]),
      ],
      investigate: async ({ id }) => {
        const opened =
          id === 'a'
            ? investigation({ q0: 'winx64_payload.exe', q1: '10.0.5.13:8080' })
            : investigation({ q0: 'ring.txt' }, { fail: 'q1' });
        return { ...opened, close: async () => void closed.push(id) };
      },
    });
    expect(
      report.scenarios.map((result) => [result.id, result.found, result.expected, result.inputTokens]),
    ).toEqual([
      ['a', 3, 3, 200],
      ['b', 1, 2, 100],
    ]);
    expect(report.scenarios[1]?.error).toBe('provider unavailable');
    expect(report.recall).toBeCloseTo(4 / 5, 12);
    expect(report.costUsd).toBeCloseTo(0.0003, 12);
    expect(closed).toEqual(['a', 'b']);
    const text = formatEvalReport(report);
    expect(text).toContain('failed: provider unavailable');
    expect(text).toContain('recall of expected findings: 80.0%');
  });
});
