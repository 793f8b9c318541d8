import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { validateHistory } from '../../messages/validate-history.js';
import { anthropicCachePolicy } from '../../pricing/anthropic-cache-policy.js';
import { placeCacheBreakpoints } from '../../pricing/place-cache-breakpoints.js';
import { simulateCost } from '../../pricing/simulate-cost.js';
import { quarterCounter } from '../../test/quarter-counter.js';
import { strategyConformance } from '../../test/strategy-conformance.js';
import { outputLines, toolStep } from '../../test/tool-step.js';
import { observationMasking } from '../observation-masking/observation-masking.js';
import { pipeline } from '../pipeline/pipeline.js';
import type { Strategy } from '../strategy.js';
import { truncation } from '../truncation/truncation.js';
import { cacheBreakpoints } from './cache-breakpoints.js';

const counter = quarterCounter();
const budget = { contextWindow: 1_000_000 };
const big = outputLines(100); // ~1,025 tokens

/** A system prompt, a task and `count` bash steps with big outputs, ids `c0`…. */
function history(count: number): ModelMessage[] {
  return [
    { role: 'system', content: 'You are an engineer.' },
    { role: 'user', content: 'Fix the bug.' },
    ...Array.from({ length: count }, (_, i) =>
      toolStep({ id: `c${i}`, output: big, thought: `step ${i}` }),
    ).flat(),
  ];
}

const marked = (messages: readonly ModelMessage[]): number[] =>
  messages.flatMap((message, index) => (message.providerOptions?.anthropic?.cacheControl ? [index] : []));

/** Replays `messages` call by call (a call before each assistant message and one at the end). */
async function replay<State>(strategy: Strategy<State>, messages: readonly ModelMessage[]) {
  const lengths = [
    ...messages.flatMap((message, index) => (message.role === 'assistant' ? [index] : [])),
    messages.length,
  ];
  let state = strategy.initialState();
  const prompts: ModelMessage[][] = [];
  for (const length of lengths) {
    const result = await strategy.apply({ messages: messages.slice(0, length), counter, budget, state });
    state = result.state;
    prompts.push(result.messages);
  }
  return prompts;
}

/** The bill of a run's prompts under Anthropic's caching rules (prices relative to input 1). */
function bill(prompts: ModelMessage[][]) {
  const model = {
    id: 'test',
    provider: 'anthropic',
    contextWindow: 1_000_000,
    maxOutputTokens: 8192,
    price: { inputPerToken: 1, outputPerToken: 1, cacheWritePerToken: 1.25, cacheReadPerToken: 0.1 },
  };
  const calls = prompts.map((prompt) => ({ prompt: { messages: prompt }, outputTokens: 0 }));
  const policy = anthropicCachePolicy({ minimumCacheableTokens: 1 });
  return simulateCost({ calls, model, counter, policy });
}

describe('cacheBreakpoints', () => {
  const masking = () => observationMasking({ keep: 2, batchSize: 3 });

  it('marks the masked frontier, the old one when a batch moves it, and the latest messages, never more than 4', async () => {
    const messages = history(9);
    const prompts = await replay(cacheBreakpoints(masking()), messages);
    for (const prompt of prompts) {
      expect(marked(prompt).length).toBeLessThanOrEqual(4);
      expect(validateHistory(prompt)).toEqual([]);
    }
    // Before any edit: the system prompt and the latest 3 user/tool messages, the task (pinned) among them.
    expect(marked(prompts[1] ?? [])).toEqual([0, 1, 3]);
    expect(prompts[1]?.[1]).toEqual({
      ...messages[1],
      providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' } } },
    });
    // 5 outputs, keep 2, batch 3: c0–c2 masked, the last at index 7; the call marks the task and the
    // system prompt, which earlier calls marked, so it reads the longer of their entries still alive.
    expect(marked(prompts[5] ?? [])).toEqual([0, 1, 7, 11]);
    // Between batches the frontier stays, with the latest 3 tool messages.
    expect(marked(prompts[6] ?? [])).toEqual([7, 9, 11, 13]);
    // The next batch (8 outputs: c3–c5 masked) marks the old frontier, the task (should the frontier's
    // entry have expired), the new frontier and the latest message.
    expect(marked(prompts[8] ?? [])).toEqual([1, 7, 13, 17]);
  });

  it('lets a batch read the prefix up to the previous frontier instead of writing the whole prompt again', async () => {
    const messages = history(12);
    const own = bill(await replay(cacheBreakpoints(masking()), messages)).totals;
    const agents = bill(
      (await replay(masking(), messages)).map((prompt) => placeCacheBreakpoints(prompt)),
    ).totals;
    expect(own.cacheReadTokens).toBeGreaterThan(agents.cacheReadTokens);
    expect(own.cost).toBeLessThan(agents.cost);
  });

  it('lets the first batch read the prefix up to the latest message an earlier call marked before the edit', async () => {
    // A long task before the first tool output: the first calls mark it; the first batch masks from index 3.
    const messages = history(6).map((message, index) =>
      index === 1 ? { role: 'user' as const, content: outputLines(200) } : message,
    );
    const prompts = await replay(cacheBreakpoints(masking()), messages);
    const taskEnd =
      counter.countMessage(messages[0] as ModelMessage) + counter.countMessage(messages[1] as ModelMessage);
    expect(marked(prompts[5] ?? [])).toContain(1);
    const calls = bill(prompts).calls;
    const batch = prompts.findIndex(
      (prompt) => prompt[3] !== undefined && prompt[3].content !== messages[3]?.content,
    );
    expect(batch).toBe(5);
    expect(calls[batch]?.cacheReadTokens).toBeGreaterThanOrEqual(taskEnd);
  });

  it('costs what the agents’ own breakpoints cost on a run where nothing is masked, the task marked too', async () => {
    const messages = history(2);
    const own = await replay(cacheBreakpoints(masking()), messages);
    const plain = await replay(masking(), messages);
    expect(plain.every((prompt, call) => prompt.length === (own[call]?.length ?? 0))).toBe(true);
    expect(bill(own).totals.cost).toBe(
      bill(plain.map((prompt) => placeCacheBreakpoints(prompt))).totals.cost,
    );
  });

  it('keeps the same message objects from call to call, removes other markers and declares itself', async () => {
    const strategy = cacheBreakpoints(masking());
    expect(strategy.placesCacheBreakpoints).toBe(true);
    expect(pipeline(masking(), strategy).placesCacheBreakpoints).toBe(true);
    expect(pipeline(strategy, masking()).placesCacheBreakpoints).toBeUndefined();
    const messages = history(4);
    const recorded = messages.map((message, index) =>
      index === 4
        ? { ...message, providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' } } } }
        : message,
    ) as ModelMessage[];
    const first = await strategy.apply({
      messages: recorded,
      counter,
      budget,
      state: strategy.initialState(),
    });
    const again = await strategy.apply({ messages: recorded, counter, budget, state: first.state });
    expect(marked(first.messages)).not.toContain(4);
    expect(again.messages.every((message, index) => message === first.messages[index])).toBe(true);
  });

  it('falls back to the agents’ rule for strategies that drop messages', async () => {
    const strategy = cacheBreakpoints(truncation({ fraction: 0.5, target: 0.3 }));
    const { messages } = await strategy.apply({
      messages: history(8),
      counter,
      budget: { contextWindow: 4000 },
      state: strategy.initialState(),
    });
    expect(messages.length).toBeLessThan(18);
    expect(marked(messages)).toEqual(marked(placeCacheBreakpoints(messages)));
  });

  describe('conformance', () => {
    strategyConformance({ make: () => cacheBreakpoints(observationMasking({ keep: 1, batchSize: 2 })) });
  });
});
