import { describe, expect, it } from 'vitest';
import { ReplayConfigurationError } from '../errors/replay-configuration-error.js';
import { validateHistory } from '../messages/validate-history.js';
import { observationMasking } from '../strategies/observation-masking/index.js';
import { quarterCounter } from '../test/quarter-counter.js';
import { outputLines, toolStep } from '../test/tool-step.js';
import { cachedCounter } from '../tokens/cached-counter.js';
import type { Transcript } from '../transcripts/transcript.js';
import { replayCalls } from './replay-calls.js';
import { runReplay } from './replay-transcript.js';
import { resolvePricing } from './resolve-pricing.js';
import { toolTokens } from './tool-tokens.js';
import { unmanagedCalls } from './unmanaged-calls.js';

const run = (id: string, steps: number): Transcript => ({
  format: 'test',
  file: `${id}.json`,
  id,
  model: 'deepseek-chat',
  messages: [
    { role: 'user', content: 'Fix the bug.' },
    ...Array.from({ length: steps }, (_, i) =>
      toolStep({ id: `${id}${i}`, output: outputLines(20 + i) }),
    ).flat(),
    // A result without its call: a violation the recorded history already has.
    {
      role: 'tool',
      content: [
        { type: 'tool-result', toolCallId: 'lost', toolName: 'bash', output: { type: 'text', value: 'x' } },
      ],
    },
    { role: 'assistant', content: 'Done.' },
  ],
  calls: [],
});

describe('unmanagedCalls', () => {
  it('measures each call as the replay would on its own, once, on a history that cannot change', () => {
    const transcript = run('a', 6);
    const counter = cachedCounter(quarterCounter(), { byContent: true });
    const calls = unmanagedCalls(transcript, counter);
    expect(calls.calls).toEqual(replayCalls(transcript));
    calls.calls.forEach((call, index) => {
      const measured = calls.at(index);
      const history = transcript.messages.slice(0, call.messageCount);
      expect(measured.history).toEqual(history);
      expect(Object.isFrozen(measured.history)).toBe(true);
      expect(measured.tokens).toBe(quarterCounter().countPrompt({ messages: history }));
      expect(measured.toolTokens).toEqual(toolTokens(history, quarterCounter()));
      expect(measured.violations()).toEqual(validateHistory(history));
      expect(calls.at(index)).toBe(measured);
    });
    expect(
      calls
        .at(calls.calls.length - 1)
        .violations()
        .map((violation) => violation.kind),
    ).toContain('tool-result-without-call');
    expect(() => calls.at(calls.calls.length)).toThrow(RangeError);
  });

  it('is refused by the replay of another transcript or under another counter', async () => {
    const a = run('a', 4);
    const b = run('b', 4);
    const counter = cachedCounter(quarterCounter(), { byContent: true });
    const replay = (transcript: Transcript, measuredFor: Transcript, under = counter) =>
      runReplay({
        transcript,
        strategy: observationMasking({ keep: 1 }),
        name: 'masking',
        counter,
        pricing: resolvePricing({ modelId: 'deepseek-chat' }),
        unmanaged: unmanagedCalls(measuredFor, under),
      });
    await expect(replay(b, a)).rejects.toThrow(ReplayConfigurationError);
    await expect(replay(a, a, cachedCounter(quarterCounter(), { byContent: true }))).rejects.toThrow(
      /another counter/,
    );
    const shared = await replay(a, a);
    const alone = await runReplay({
      transcript: a,
      strategy: observationMasking({ keep: 1 }),
      name: 'masking',
      counter,
      pricing: resolvePricing({ modelId: 'deepseek-chat' }),
    });
    const untimed = (measured: typeof shared.measured) => measured.map(({ strategyMs: _, ...call }) => call);
    expect(untimed(shared.measured)).toEqual(untimed(alone.measured));
    expect(shared.violations).toEqual(alone.violations);
  });
});
