import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { naiveMasking } from '../baselines/naive-masking.js';
import { getModelInfo } from '../pricing/get-model-info.js';
import { kiokuDefault } from '../strategies/kioku-default/index.js';
import { observationMasking } from '../strategies/observation-masking/index.js';
import type { Strategy } from '../strategies/strategy.js';
import { quarterCounter } from '../test/quarter-counter.js';
import { outputLines, toolStep } from '../test/tool-step.js';
import type { Transcript } from '../transcripts/transcript.js';
import { anthropicStylePricing } from './anthropic-style-pricing.js';
import { breakpointPlan } from './breakpoint-policy.js';
import { modelPricing } from './model-pricing.js';
import { replayTranscript } from './replay-transcript.js';
import { resolvePricing } from './resolve-pricing.js';

const counter = quarterCounter();
const budget = { contextWindow: 1_000_000 };
const pricing = anthropicStylePricing(getModelInfo('deepseek-chat'));

/** A task and `steps` bash steps; `thought` characters of reasoning per step make old prefixes cacheable. */
function history(steps: number, lines = 40, thought = 0): ModelMessage[] {
  return [
    { role: 'system', content: 'You are an engineer.' },
    { role: 'user', content: 'Fix the bug.' },
    ...Array.from({ length: steps }, (_, i) =>
      toolStep({ id: `c${i}`, output: outputLines(lines), thought: `${i} `.padEnd(thought, '.') }),
    ).flat(),
  ];
}

const marked = (messages: readonly ModelMessage[]): number[] =>
  messages.flatMap((message, index) =>
    message.providerOptions?.anthropic?.cacheControl === undefined ? [] : [index],
  );

/** The prompt a policy bills for the last call of `messages`, after replaying every call before it. */
async function billedPrompt(policy: Parameters<typeof breakpointPlan>[0], strategy: Strategy<unknown>) {
  const messages = history(12);
  const plan = breakpointPlan(policy, strategy, pricing);
  let state = plan.strategy.initialState();
  let output: ModelMessage[] = [];
  for (let length = 2; length <= messages.length; length += 2) {
    const result = await plan.strategy.apply({ messages: messages.slice(0, length), counter, budget, state });
    state = result.state;
    output = result.messages;
  }
  return plan.mark?.(output) ?? output;
}

/** A 30-step run with long reasoning, so the prefix up to kioku's frontier is long enough to cache. */
const transcript: Transcript = {
  format: 'test',
  file: 'run.json',
  id: 'run',
  model: 'deepseek-chat',
  messages: [...history(30, 200, 2_000), { role: 'assistant', content: 'Done.' }],
  calls: [],
};

describe('breakpointPlan', () => {
  // 12 steps: messages 0 system, 1 task, then assistant/tool pairs; tool results at 3, 5, …, 25.
  it('agent: the system prompt and the last 3 user/tool messages, for kioku’s default as for a peer', async () => {
    for (const strategy of [kiokuDefault(), naiveMasking()]) {
      expect(marked(await billedPrompt('agent', strategy))).toEqual([0, 21, 23, 25]);
    }
  });

  it('frontier: a peer gets kioku’s placement, on the last message it masked', async () => {
    const masking = observationMasking({ keep: 2, batchSize: 4 });
    const prompt = await billedPrompt('frontier', masking);
    const lastMasked = prompt.findLastIndex(
      (message) => message.role === 'tool' && JSON.stringify(message.content).includes('omitted'),
    );
    expect(lastMasked).toBeGreaterThan(0);
    expect(marked(prompt)).toContain(lastMasked);
    expect(marked(prompt)).not.toContain(0);
    // Under the agents' rule the same strategy has no marker at its frontier.
    expect(marked(await billedPrompt('agent', masking))).not.toContain(lastMasked);
    // kioku's default keeps its own frontier markers under `frontier`.
    expect(marked(await billedPrompt('frontier', kiokuDefault()))).toEqual(
      marked(await billedPrompt('own', kiokuDefault())),
    );
  });

  it('none: no marker at all; own: the strategy’s markers, else the agents’ rule', async () => {
    expect(marked(await billedPrompt('none', kiokuDefault()))).toEqual([]);
    expect(marked(await billedPrompt('own', naiveMasking()))).toEqual([0, 21, 23, 25]);
    expect(marked(await billedPrompt('own', kiokuDefault()))).not.toEqual([0, 21, 23, 25]);
  });

  it('leaves strategies alone under an automatic cache, which ignores markers', () => {
    const strategy = naiveMasking();
    const plan = breakpointPlan('frontier', strategy, modelPricing(getModelInfo('deepseek-chat')));
    expect(plan).toEqual({ strategy, mark: undefined });
  });
});

describe('replayTranscript breakpoints', () => {
  const replay = (strategy: Strategy<unknown>, breakpoints: Parameters<typeof breakpointPlan>[0]) =>
    replayTranscript({ transcript, strategy, counter, pricing, breakpoints });

  it('bills kioku’s default differently under the agents’ rule than under its own frontier', async () => {
    const own = await replay(kiokuDefault(), 'own');
    const agent = await replay(kiokuDefault(), 'agent');
    const frontier = await replay(kiokuDefault(), 'frontier');
    expect(frontier.totals.costCached).toBe(own.totals.costCached);
    // The frontier lets each batch read the prefix up to the previous batch; the agents' rule writes it again.
    expect(agent.totals.costCached).toBeGreaterThan(own.totals.costCached);
    expect(agent.totals.cacheReadTokens).toBeLessThan(own.totals.cacheReadTokens);
    expect(agent.totals.inputTokens).toBe(own.totals.inputTokens);
  });

  it('reads nothing from an explicit cache without breakpoints', async () => {
    const none = await replay(naiveMasking(), 'none');
    expect(none.totals.cacheReadTokens).toBe(0);
    expect(none.totals.costCached).toBeCloseTo(none.totals.costNoCache, 12);
    expect(none.strategy).toBe('naive-masking-10');
  });

  it('keeps the strategy’s name when it wraps it for the frontier', async () => {
    expect((await replay(naiveMasking(), 'frontier')).strategy).toBe('naive-masking-10');
  });
});

describe('native pricing of a DeepSeek run', () => {
  it('bills DeepSeek’s automatic prefix cache, whatever the breakpoint policy', async () => {
    const native = resolvePricing({ modelId: 'deepseek-chat' });
    expect(native.policy.name).toBe('deepseek');
    expect(native.markBreakpoints).toBeUndefined();
    const replay = (breakpoints: Parameters<typeof breakpointPlan>[0]) =>
      replayTranscript({ transcript, strategy: kiokuDefault(), counter, pricing: native, breakpoints });
    const [agent, frontier, none] = await Promise.all([replay('agent'), replay('frontier'), replay('none')]);
    expect(agent.pricing).toBe('deepseek-chat');
    expect(agent.totals.cacheReadTokens).toBeGreaterThan(0);
    expect(agent.totals.costCached).toBeLessThan(agent.totals.costNoCache);
    expect(frontier.totals.costCached).toBe(agent.totals.costCached);
    expect(none.totals.costCached).toBe(agent.totals.costCached);
    // Anthropic-style pricing of the same run is another bill.
    const styled = await replayTranscript({ transcript, strategy: kiokuDefault(), counter, pricing });
    expect(styled.totals.costCached).not.toBe(agent.totals.costCached);
  });
});
