import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { observationMasking } from '../strategies/observation-masking/observation-masking.js';
import type { Strategy } from '../strategies/strategy.js';
import { estimatedSummarization } from '../strategies/summarization/estimated-summarization.js';
import { summarization } from '../strategies/summarization/summarization.js';
import { truncation } from '../strategies/truncation/truncation.js';
import { quarterCounter } from '../test/quarter-counter.js';
import { scriptedModel } from '../test/scripted-model.js';
import { outputLines, toolStep } from '../test/tool-step.js';
import { tokenTrigger } from '../triggers/token-trigger.js';
import { createCompactor } from './create-compactor.js';
import type { KiokuEvent } from './kioku-event.js';

const counter = quarterCounter();

function conversation(steps: number, from = 0): ModelMessage[] {
  return Array.from({ length: steps }, (_, i) =>
    toolStep({ id: `c${from + i}`, output: outputLines(100) }),
  ).flat();
}

const task: ModelMessage = { role: 'user', content: 'Find the bug.' };

/** Summaries estimated at 50 tokens, made only when asked to compact (the trigger says when). */
const onDemandSummaries = () =>
  estimatedSummarization({ summaryTokens: 50, trigger: { inputTokens: Number.MAX_SAFE_INTEGER } });

function compactor(events: KiokuEvent[] = [], strategy: Strategy = onDemandSummaries()) {
  return createCompactor({
    strategy,
    counter,
    contextWindow: 10_000,
    onEvent: (event) => events.push(event),
  });
}

describe('createCompactor', () => {
  it('sends the history as it is below the threshold', async () => {
    const messages = [task, ...conversation(3)];
    const prepared = await compactor().prepare({ messages });
    expect(prepared.messages).toEqual(messages);
    expect(prepared.compaction).toBeUndefined();
  });

  it('compacts at 80% and then sends the same view plus the new messages (full history given each time)', async () => {
    const events: KiokuEvent[] = [];
    const subject = compactor(events);
    let messages = [task, ...conversation(9)];
    const first = await subject.prepare({ messages });
    expect(first.compaction).toBeDefined();
    expect(first.estimatedTokens).toBeLessThanOrEqual(8000);
    subject.recordUsage(first.estimatedTokens);

    messages = [...messages, ...conversation(1, 9)];
    const second = await subject.prepare({ messages });
    expect(second.compaction).toBeUndefined();
    expect(second.messages.slice(0, first.messages.length)).toEqual(first.messages);
    expect(second.messages.slice(first.messages.length)).toEqual(messages.slice(-2));
    // Estimated from the reported usage plus the counter's count of the two new messages.
    expect(second.estimatedTokens).toBe(
      first.estimatedTokens +
        counter.countMessage(messages.at(-2) as ModelMessage) +
        counter.countMessage(messages.at(-1) as ModelMessage),
    );
    expect(subject.history()).toEqual(messages);
  });

  it('accepts the prompt it returned with new messages after it (prepareStep carries it forward)', async () => {
    const subject = compactor();
    const messages = [task, ...conversation(9)];
    const first = await subject.prepare({ messages });
    const carried = [...first.messages, ...conversation(1, 9)];
    const second = await subject.prepare({ messages: carried });
    expect(second.messages).toEqual(carried);
    expect(subject.history()).toEqual([...messages, ...conversation(1, 9)]);
  });

  it('starts over on an unrelated history', async () => {
    const subject = compactor();
    await subject.prepare({ messages: [task, ...conversation(9)] });
    const other: ModelMessage[] = [{ role: 'user', content: 'Something else.' }];
    expect((await subject.prepare({ messages: other })).messages).toEqual(other);
    expect(subject.history()).toEqual(other);
  });

  it('recovers within the limit the overflow states, calibrated to the counter', async () => {
    const events: KiokuEvent[] = [];
    const subject = createCompactor({
      strategy: observationMasking({ keep: 8 }),
      counter,
      contextWindow: 1_000_000,
    });
    const messages = [task, ...conversation(9)];
    const sent = await subject.prepare({ messages });
    const counted = counter.countPrompt({ messages: sent.messages });
    // The provider counts twice what the counter does and accepts 6,000 of its tokens: 3,000 of ours.
    const recovered = await createCompactor({
      strategy: observationMasking({ keep: 8 }),
      counter,
      contextWindow: 1_000_000,
      onEvent: (event) => events.push(event),
    }).recover({
      messages,
      overflow: { provider: 'test', message: 'too long', tokensSent: counted * 2, tokenLimit: 6000 },
    });
    expect(recovered.estimatedTokens).toBeLessThanOrEqual(0.8 * 3000);
    expect(events.map((event) => event.type)).toContain('fallback-used');
  });

  it("gives the strategy the trigger's target: summaries and truncation land under it, with no fallback", async () => {
    const messages = [task, ...conversation(20)];
    const full = counter.countPrompt({ messages });
    // Far below the window (10,000 usable), and below the 30% a fraction split keeps.
    const target = Math.floor(full / 5);
    expect(counter.countPrompt({ messages: messages.slice(-12) })).toBeGreaterThan(target);
    const strategies: Strategy[] = [
      onDemandSummaries(),
      summarization({
        model: scriptedModel({ replies: [{ text: 'Listed the files; nothing found yet.' }] }),
        maxSummaryTokens: 100,
        trigger: { inputTokens: Number.MAX_SAFE_INTEGER },
        contextWindow: 1_000_000,
      }),
      truncation(),
    ];
    for (const strategy of strategies) {
      const events: KiokuEvent[] = [];
      const prepared = await createCompactor({
        strategy,
        counter,
        contextWindow: 100_000,
        trigger: tokenTrigger({ inputTokens: target }),
        fallback: [],
        onEvent: (event) => events.push(event),
      }).prepare({ messages });
      expect(prepared.compaction?.strategy).toBe(strategy.name);
      expect(counter.countPrompt({ messages: prepared.messages })).toBeLessThanOrEqual(target);
      expect(prepared.messages[0]).toBe(task);
      expect(prepared.messages.at(-1)).toBe(messages.at(-1));
      expect(events.map((event) => event.type)).not.toContain('fallback-used');
    }
  });
});
