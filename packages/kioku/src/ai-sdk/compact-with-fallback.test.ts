import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SummarizationError } from '../errors/summarization-error.js';
import { validateHistory } from '../messages/validate-history.js';
import { pinnedIndexes } from '../strategies/internal/pinned-indexes.js';
import { observationMasking } from '../strategies/observation-masking/observation-masking.js';
import type { Strategy } from '../strategies/strategy.js';
import { agentHistory } from '../test/arbitrary-history.js';
import { quarterCounter } from '../test/quarter-counter.js';
import { compactWithFallback } from './compact-with-fallback.js';
import type { KiokuEvent } from './kioku-event.js';

const counter = quarterCounter();

/** Strategies that fail in every way a summarizer can, and one that works. */
const strategies: Record<string, Strategy> = {
  throws: {
    name: 'summarization',
    lossy: true,
    needsModel: true,
    initialState: () => ({}),
    apply: async () => {
      throw new SummarizationError({ reason: 'empty', message: 'the answer is empty' });
    },
  },
  empty: {
    name: 'summarization',
    lossy: true,
    needsModel: true,
    initialState: () => ({}),
    apply: async ({ state }) => ({ messages: [], edits: [], state }),
  },
  garbage: {
    name: 'summarization',
    lossy: true,
    needsModel: true,
    initialState: () => ({}),
    apply: async ({ messages, state }) => ({ messages: messages.slice(2).reverse(), edits: [], state }),
  },
  masking: observationMasking({ keep: 1 }),
};

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

describe('compactWithFallback', () => {
  it('always returns a valid, no larger history that keeps pinned messages, never changing its input; a failed strategy is reported and masked over', async () => {
    await fc.assert(
      fc.asyncProperty(
        agentHistory({ maxSteps: 12 }),
        fc.constantFrom(...Object.keys(strategies)),
        fc.integer({ min: 200, max: 20_000 }),
        async (generated, name, target) => {
          const messages = deepFreeze(generated);
          const snapshot = JSON.stringify(messages);
          const strategy = strategies[name] as Strategy;
          const events: KiokuEvent[] = [];
          const result = await compactWithFallback({
            messages,
            counter,
            budget: { contextWindow: 100_000 },
            target,
            strategy,
            onEvent: (event) => events.push(event),
          });
          expect(JSON.stringify(messages)).toBe(snapshot);
          const before = new Set(
            validateHistory(messages, { allowPendingToolCalls: true }).map((v) => v.kind),
          );
          for (const violation of validateHistory(result.messages, { allowPendingToolCalls: true })) {
            expect(before.has(violation.kind)).toBe(true);
          }
          const kept = new Set(result.messages);
          for (const index of pinnedIndexes(messages))
            expect(kept.has(messages[index] as ModelMessage)).toBe(true);
          if (name !== 'masking') {
            expect(result.failure).toMatch(/^summarization/);
            expect(events[0]).toMatchObject({ type: 'compaction-failed', strategy: 'summarization' });
            expect(result.fallbacks[0]).toBe('observation-masking');
          }
          expect(result.tokensAfter).toBe(counter.countPrompt({ messages: result.messages }));
          expect(result.tokensAfter).toBeLessThanOrEqual(result.tokensBefore);
        },
      ),
      { numRuns: 300 },
    );
  });
});
