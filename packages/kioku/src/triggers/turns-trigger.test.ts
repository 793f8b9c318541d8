import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { StrategyOptionsError } from '../errors/strategy-options-error.js';
import { toolStep } from '../test/tool-step.js';
import { turnsTrigger } from './turns-trigger.js';

describe('turnsTrigger', () => {
  const budget = { contextWindow: 100_000, reservedOutputTokens: 20_000 };
  const chat = (count: number): ModelMessage[] => [
    { role: 'system', content: 'You are helpful.' },
    ...Array.from({ length: count }, (_, i): ModelMessage[] => [
      { role: 'user', content: `question ${i}` },
      { role: 'assistant', content: `answer ${i}` },
    ]).flat(),
  ];
  const fires = (trigger: ReturnType<typeof turnsTrigger>, messages: ModelMessage[]) =>
    trigger.shouldCompact({ promptTokens: 0, messages, budget });

  it('fires once the prompt holds `turns` turns, whatever its size (a system prompt is no turn), and targets the usable window', () => {
    const trigger = turnsTrigger({ turns: 3 });
    expect(fires(trigger, chat(2))).toBe(false);
    expect(fires(trigger, chat(3))).toBe(true);
    expect(fires(trigger, [{ role: 'system', content: 'a' }])).toBe(false);
    expect(fires(turnsTrigger({ turns: 0 }), [])).toBe(true);
    expect(trigger.target(budget)).toBe(80_000);
    expect(trigger).toMatchObject({ name: 'turns(3)', turns: 3, unit: 'turns' });
  });

  it('counts steps for an agent that gets one user message', () => {
    const agent: ModelMessage[] = [
      { role: 'user', content: 'task' },
      ...Array.from({ length: 4 }, (_, i) => toolStep({ id: `c${i}` })).flat(),
    ];
    expect(fires(turnsTrigger({ turns: 4 }), agent)).toBe(false);
    expect(fires(turnsTrigger({ turns: 4, unit: 'steps' }), agent)).toBe(true);
    expect(turnsTrigger({ turns: 4, unit: 'steps' }).name).toBe('steps(4)');
  });

  it('rejects a count or unit it cannot use, naming the option', () => {
    expect(() => turnsTrigger({ turns: -1 })).toThrow(StrategyOptionsError);
    expect(() => turnsTrigger({ turns: 1.5 })).toThrow(/turns/);
    expect(() => turnsTrigger({ turns: 2, unit: 'calls' as 'turns' })).toThrow(/unit.*'turns' or 'steps'/s);
  });
});
