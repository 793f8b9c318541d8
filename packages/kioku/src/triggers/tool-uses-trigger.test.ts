import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { createCompactor } from '../ai-sdk/create-compactor.js';
import { StrategyOptionsError } from '../errors/strategy-options-error.js';
import { estimatedSummarization } from '../strategies/summarization/estimated-summarization.js';
import { quarterCounter } from '../test/quarter-counter.js';
import { toolStep } from '../test/tool-step.js';
import { toolUsesTrigger } from './tool-uses-trigger.js';

describe('toolUsesTrigger', () => {
  const budget = { contextWindow: 100_000, reservedOutputTokens: 20_000 };
  const steps = (count: number): ModelMessage[] => [
    { role: 'user', content: 'Investigate alert 42.' },
    ...Array.from({ length: count }, (_, i) => toolStep({ id: `c${i}` })).flat(),
  ];
  const fires = (toolUses: number, messages: ModelMessage[]) =>
    toolUsesTrigger({ toolUses }).shouldCompact({ promptTokens: 0, messages, budget });

  it('fires once the prompt holds toolUses tool uses, whatever its size, and targets the usable window', () => {
    expect(fires(3, steps(2))).toBe(false);
    expect(fires(3, steps(3))).toBe(true);
    expect(fires(0, [])).toBe(true);
    const trigger = toolUsesTrigger({ toolUses: 3 });
    expect(trigger.target(budget)).toBe(80_000);
    expect(trigger.toolUses).toBe(3);
    expect(trigger.name).toBe('tool-uses(3)');
  });

  it('counts only uses the client ran to a result: not unanswered calls, not provider-executed ones', () => {
    const unanswered: ModelMessage = {
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId: 'open', toolName: 'bash', input: {} }],
    };
    const providerExecuted: ModelMessage[] = [
      {
        role: 'assistant',
        content: [
          { type: 'tool-call', toolCallId: 'web', toolName: 'web_search', input: {}, providerExecuted: true },
          {
            type: 'tool-result',
            toolCallId: 'web',
            toolName: 'web_search',
            output: { type: 'text', value: 'ok' },
          },
        ],
      },
    ];
    expect(fires(3, [...steps(2), ...providerExecuted, unanswered])).toBe(false);
    expect(fires(2, [...steps(2), ...providerExecuted, unanswered])).toBe(true);
  });

  it('decides in the compactor (middleware, replay) on the prompt the strategy returns', async () => {
    const compactor = createCompactor({
      strategy: estimatedSummarization({
        summaryTokens: 50,
        trigger: { inputTokens: Number.MAX_SAFE_INTEGER },
      }),
      counter: quarterCounter(),
      contextWindow: 1_000_000,
      trigger: toolUsesTrigger({ toolUses: 4 }),
    });
    expect((await compactor.prepare({ messages: steps(3) })).compaction).toBeUndefined();
    const compacted = await compactor.prepare({ messages: steps(4) });
    expect(compacted.compaction?.strategy).toBe('estimated-summarization');
  });

  it('rejects a count that is not a non-negative integer', () => {
    expect(() => toolUsesTrigger({ toolUses: -1 })).toThrow(StrategyOptionsError);
    expect(() => toolUsesTrigger({ toolUses: 2.5 })).toThrow(/toolUses/);
  });
});
