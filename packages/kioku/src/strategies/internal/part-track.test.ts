import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agentHistory } from '../../test/arbitrary-history.js';
import { quarterCounter } from '../../test/quarter-counter.js';
import { observationMasking } from '../observation-masking/observation-masking.js';
import type { Strategy } from '../strategy.js';
import { toolInputClearing } from '../tool-input-clearing/tool-input-clearing.js';

const counter = quarterCounter();
const budget = { contextWindow: 100_000 };
const runs = Number(process.env.KIOKU_PROPERTY_RUNS ?? 10_000) / 20;

/** What a strategy's call gives, comparable: the messages, the edits' figures and the state. */
const seen = (output: {
  messages: ModelMessage[];
  edits: Array<{ kind: string; messageIndexes: number[]; tokensBefore: number; tokensAfter: number }>;
  state: unknown;
}) => ({
  messages: output.messages,
  edits: output.edits.map(({ kind, messageIndexes, tokensBefore, tokensAfter }) => ({
    kind,
    messageIndexes,
    tokensBefore,
    tokensAfter,
  })),
  state: output.state,
});

/**
 * Grows a history call by call through one strategy (incremental: it reads only what is new), the caller
 * taking its state, keeping the state before (as `cachePayback` does when it holds a prompt) or handing
 * a copy from JSON; at every call a strategy made afresh, given the same state from JSON, must answer the same.
 */
function sameAsAfresh(make: () => Strategy<unknown>, edited: { calls: number }) {
  return fc.asyncProperty(
    agentHistory(),
    fc.array(fc.constantFrom('take', 'hold', 'json'), { minLength: 1, maxLength: 40 }),
    async (messages, moves) => {
      const strategy = make();
      let state = strategy.initialState();
      const steps = messages.flatMap((message, index) =>
        message.role === 'assistant' || index === messages.length - 1 ? [index] : [],
      );
      for (const [call, end] of steps.entries()) {
        const history = messages.slice(0, end + 1);
        const output = await strategy.apply({ messages: history, counter, budget, state });
        const afresh = await make().apply({
          messages: history,
          counter,
          budget,
          state: JSON.parse(JSON.stringify(state)),
        });
        expect(seen(output)).toEqual(seen(afresh));
        if (output.edits.length > 0) edited.calls += 1;
        const move = moves[call % moves.length];
        if (move === 'take') state = output.state;
        else if (move === 'json') state = JSON.parse(JSON.stringify(output.state));
      }
    },
  );
}

describe('incremental masking and input clearing', () => {
  it('observationMasking answers at every call as a strategy made afresh would', async () => {
    const edited = { calls: 0 };
    await fc.assert(
      sameAsAfresh(
        () =>
          observationMasking({
            keep: 1,
            batchSize: 2,
            minTokens: 16,
            keepReferenced: 3,
            lookupTokens: 400,
          }) as Strategy<unknown>,
        edited,
      ),
      { numRuns: runs },
    );
    await fc.assert(
      sameAsAfresh(
        () =>
          observationMasking({
            keep: 2,
            batchSize: 1,
            minTokens: 8,
            keepReferenced: Number.POSITIVE_INFINITY,
            maskRepeated: true,
            exclude: ['memory'],
          }) as Strategy<unknown>,
        edited,
      ),
      { numRuns: runs },
    );
    // The histories give it outputs to mask.
    expect(edited.calls).toBeGreaterThan(0);
  });

  it('toolInputClearing answers at every call as a strategy made afresh would', async () => {
    const edited = { calls: 0 };
    await fc.assert(
      sameAsAfresh(
        () => toolInputClearing({ keep: 1, batchSize: 2, minTokens: 4 }) as Strategy<unknown>,
        edited,
      ),
      { numRuns: runs },
    );
    // The histories give it inputs to clear.
    expect(edited.calls).toBeGreaterThan(0);
  });
});
