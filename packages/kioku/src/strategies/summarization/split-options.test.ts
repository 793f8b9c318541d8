import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StrategyOptionsError } from '../../errors/strategy-options-error.js';
import { agentHistory } from '../../test/arbitrary-history.js';
import { quarterCounter } from '../../test/quarter-counter.js';
import { turnsTrigger } from '../../triggers/turns-trigger.js';
import { estimatedSummarization } from './estimated-summarization.js';
import type { SummarizationState } from './summarization-state.js';
import { isSummarizeEdit } from './summarize-edit.js';

describe('summarization splits', () => {
  const counter = quarterCounter();
  const budget = { contextWindow: 1_000_000 };

  it('`{ every, keep }` is `{ keep }` with turnsTrigger({ turns: every }): the same output at every call', async () => {
    let summaries = 0;
    await fc.assert(
      fc.asyncProperty(
        agentHistory(),
        fc.integer({ min: 1, max: 6 }),
        fc.nat(5),
        fc.constantFrom('turns' as const, 'steps' as const),
        async (messages, every, extra, unit) => {
          const keep = extra % every;
          const options = { summaryTokens: 5, minSliceTokens: 0 };
          const shorthand = estimatedSummarization({ ...options, split: { every, keep, unit } });
          const explicit = estimatedSummarization({
            ...options,
            split: { keep, unit },
            trigger: turnsTrigger({ turns: every, unit }),
          });
          let states: [SummarizationState, SummarizationState] = [
            shorthand.initialState(),
            explicit.initialState(),
          ];
          // The agent calls the model before each of its messages, with everything before it.
          for (let end = 1; end <= messages.length; end += 1) {
            const history = messages.slice(0, end);
            const [a, b] = await Promise.all([
              shorthand.apply({ messages: history, counter, budget, state: states[0] }),
              explicit.apply({ messages: history, counter, budget, state: states[1] }),
            ]);
            expect(b.messages).toEqual(a.messages);
            expect(b.state).toEqual(a.state);
            summaries += a.edits.filter((edit) => isSummarizeEdit(edit) && edit.fresh).length;
            states = [a.state, b.state];
          }
        },
      ),
      { numRuns: 40 },
    );
    expect(summaries).toBeGreaterThan(0);
  });

  it('`{ keep }` alone waits for the default size trigger, then keeps the last `keep` turns', async () => {
    const strategy = estimatedSummarization({ summaryTokens: 5, minSliceTokens: 0, split: { keep: 1 } });
    const turns = Array.from({ length: 4 }, (_, i) => [
      { role: 'user' as const, content: `question ${i} ${'detail '.repeat(20)}` },
      { role: 'assistant' as const, content: `answer ${i}` },
    ]).flat();
    const state = strategy.initialState();
    const roomy = await strategy.apply({ messages: turns, counter, budget, state });
    expect(roomy.messages).toEqual(turns);
    const tight = await strategy.apply({ messages: turns, counter, budget: { contextWindow: 200 }, state });
    // The task (pinned), the summary of turns 1 and 2, the last turn.
    expect(tight.messages).toHaveLength(4);
    expect(tight.messages.slice(-2)).toEqual(turns.slice(-2));
  });

  it('rejects a `keep` it cannot use, naming it', () => {
    expect(() => estimatedSummarization({ split: { keep: -1 } })).toThrow(StrategyOptionsError);
    expect(() => estimatedSummarization({ split: { keep: 1.5 } })).toThrow(/split\.keep/);
  });
});
