import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { type CachePrices, cachePrices } from '../../pricing/cache-prices.js';
import { getModelInfo } from '../../pricing/get-model-info.js';
import { openAICachePolicy } from '../../pricing/openai-cache-policy.js';
import { simulateCost } from '../../pricing/simulate-cost.js';
import { quarterCounter } from '../../test/quarter-counter.js';
import { toolStep } from '../../test/tool-step.js';
import { kiokuDefault } from '../kioku-default/kioku-default.js';
import { observationMasking } from '../observation-masking/observation-masking.js';
import type { Strategy } from '../strategy.js';
import { type CachePaybackOptions, cachePayback } from './cache-payback.js';

/**
 * A run of `steps` tool steps with ~350-token outputs, each after the agent's `thought`, as the agent holds
 * it before each call.
 */
function run(steps: number, thought = 'Next.', lines = 200): ModelMessage[][] {
  const history: ModelMessage[] = [{ role: 'user', content: 'Fix the failing test.' }];
  const prompts: ModelMessage[][] = [history.slice()];
  for (let step = 0; step < steps; step += 1) {
    history.push(...toolStep({ id: `call-${step}`, output: `line ${step}\n`.repeat(lines), thought }));
    prompts.push(history.slice());
  }
  return prompts;
}

/** The prompts of a run with `thought` added to the agent's first message. */
function withFirstThought(prompts: ModelMessage[][], thought: string): ModelMessage[][] {
  const first = prompts.at(-1)?.[1];
  if (first?.role !== 'assistant' || typeof first.content === 'string') return prompts;
  const longer: ModelMessage = { ...first, content: [{ type: 'text', text: thought }, ...first.content] };
  return prompts.map((prompt) => prompt.map((message) => (message === first ? longer : message)));
}

/** The prompts a strategy sends at each call of a run, its state carried as a replay carries it. */
async function replay(
  strategy: Strategy<unknown>,
  prompts: ModelMessage[][],
  contextWindow = 1_000_000,
  cachePrices?: CachePrices,
): Promise<ModelMessage[][]> {
  const counter = quarterCounter();
  let state = strategy.initialState();
  const sent: ModelMessage[][] = [];
  const budget = cachePrices === undefined ? { contextWindow } : { contextWindow, cachePrices };
  for (const messages of prompts) {
    const result = await strategy.apply({ messages, counter, budget, state });
    state = result.state;
    sent.push(result.messages);
  }
  return sent;
}

const unchanged = (sent: ModelMessage[], prompt: ModelMessage[]) =>
  sent.length === prompt.length && sent.every((message, index) => message === prompt[index]);

/** The first call whose prompt is not the history as it is (-1: none). */
const firstEdit = (sent: ModelMessage[][], prompts: ModelMessage[][]) =>
  sent.findIndex((prompt, call) => !unchanged(prompt, prompts[call] ?? []));

describe('cachePayback', () => {
  it('keeps the cached prefix until the masked tokens, read at the calls likely to remain, pay for rewriting it', async () => {
    const prompts = run(40);
    const masking = observationMasking({ keep: 4, batchSize: 4 });
    const plain = await replay(masking, prompts);
    const gated = await replay(cachePayback(masking), prompts);
    expect(firstEdit(plain, prompts)).toBe(8);
    // 4 outputs of ~350 tokens saved per call against the 4 kept outputs written again: pays after ~12 calls.
    expect(firstEdit(gated, prompts)).toBeGreaterThan(10);
    expect(firstEdit(gated, prompts)).toBeLessThan(30);
    const from = firstEdit(gated, prompts);
    // Before, the history is sent as it is (the same objects: a cache read); once taken, masking's prompt.
    for (const [call, sent] of gated.entries()) {
      if (call < from) expect(unchanged(sent, prompts[call] ?? [])).toBe(true);
    }
    expect(gated.at(-1)).toEqual(plain.at(-1));
  });

  it('rewrites at once when cache reads cost as much as writes (no caching)', async () => {
    const prompts = run(12);
    const masking = observationMasking({ keep: 1, batchSize: 4 });
    const gated = await replay(cachePayback(masking, { cacheRead: 1, cacheWrite: 1 }), prompts);
    expect(gated).toEqual(await replay(masking, prompts));
  });

  it('weighs a rewrite at the cache prices the call is billed at, unless the options give them', async () => {
    const prompts = run(40);
    const masking = observationMasking({ keep: 4, batchSize: 4 });
    const anthropic = firstEdit(await replay(cachePayback(masking), prompts), prompts);
    const billed = async (cachePrices: CachePrices, strategy = cachePayback(masking)) =>
      firstEdit(await replay(strategy, prompts, 1_000_000, cachePrices), prompts);
    // Without a budget's prices Anthropic's are assumed: the same as when the budget says them.
    expect(await billed({ read: 0.1, write: 1.25, marked: true })).toBe(anthropic);
    // No write premium and a half-price read (gpt-4o): a rewrite loses only the discount, and pays sooner.
    expect(await billed({ read: 0.5, write: 1, marked: false })).toBeLessThan(anthropic);
    expect(await billed({ read: 0.5, write: 1, marked: false })).toBeGreaterThanOrEqual(8);
    // Nothing cached: every removed token saves its full price, so the first batch is taken at once.
    expect(await billed({ read: 1, write: 1, marked: false })).toBe(8);
    // Prices given as options win over the budget's.
    expect(
      await billed(
        { read: 1, write: 1, marked: false },
        cachePayback(masking, { cacheRead: 0.1, cacheWrite: 1.25 }),
      ),
    ).toBe(anthropic);
  });

  it('where the cache keeps only marked prefixes, counts the rewrite from the last breakpoint before it', async () => {
    // A long first thought (~2,500 tokens) before the first output: no breakpoint ends right before that output.
    const long = 'I will look at the failing test first. '.repeat(250);
    const prompts = withFirstThought(run(40), long);
    const masking = observationMasking({ keep: 4, batchSize: 4 });
    const first = async (marked: boolean) =>
      firstEdit(
        await replay(cachePayback(masking), prompts, 1_000_000, { read: 0.1, write: 1.25, marked }),
        prompts,
      );
    // Every prefix cached: rewritten from the first masked output on. Marked prefixes only: from the task on.
    expect(await first(false)).toBeGreaterThan(0);
    expect(await first(true)).toBeGreaterThan(await first(false));
  });

  it('with earlierMarks, where the cache keeps only marked prefixes, counts the latest user or tool message before the first rewrite as read', async () => {
    // The same ~2,500 tokens in the task: earlier calls marked it (`cacheBreakpoints` marks it again at the
    // batch), so the first rewrite reads it; in the agent's first thought, nothing marked it.
    const long = 'I will look at the failing test first. '.repeat(250);
    const task: ModelMessage = { role: 'user', content: `Fix the failing test. ${long}` };
    const inTask = run(40).map((prompt) => [task, ...prompt.slice(1)]);
    const inThought = withFirstThought(run(40), long);
    const masking = observationMasking({ keep: 4, batchSize: 4 });
    const first = async (prompts: ModelMessage[][], earlierMarks = true) =>
      firstEdit(
        await replay(cachePayback(masking, { earlierMarks }), prompts, 1_000_000, {
          read: 0.1,
          write: 1.25,
          marked: true,
        }),
        prompts,
      );
    expect(await first(inTask)).toBeLessThan(await first(inThought));
    expect(await first(inTask, false)).toBe(await first(inThought, false));
  });

  it('counts a prompt too short for the cache (OpenAI: 1024 tokens) as not read, so masking it does not cost more', async () => {
    // Short steps (~190-token outputs): masked, the prompt falls under OpenAI's 1024-token minimum, so it is
    // sent at the full price where the unmanaged one is read from the cache (gpt-5: a tenth of the price).
    const gpt5 = getModelInfo('gpt-5');
    const prices = cachePrices(gpt5);
    const masking = observationMasking({ keep: 1, batchSize: 4 });
    const counter = quarterCounter();
    const bill = (sent: ModelMessage[][]) =>
      simulateCost({
        calls: sent.map((messages) => ({ prompt: { messages }, outputTokens: 0 })),
        model: gpt5,
        counter,
        policy: openAICachePolicy(),
      }).totals.cost;
    // 12 steps: the masked prompt is under 1,024 tokens at the call the first batch is due.
    const prompts = run(12, 'Next.', 100);
    const unmanaged = bill(prompts);
    // Weighed as if every prefix were cached (the rule before it knew the minimum), it costs more.
    const { minimumTokens: _, granularity: __, ...anyLength } = prices;
    const gated = cachePayback(masking, { horizon: 0.5 });
    expect(bill(await replay(gated, prompts, 1_000_000, anyLength))).toBeGreaterThan(unmanaged);
    expect(bill(await replay(gated, prompts, 1_000_000, prices))).toBeLessThanOrEqual(unmanaged);
  });

  it('where the cache keeps only marked prefixes of 1024 tokens or more, counts a short system prompt as not read', async () => {
    // A 600-token system prompt: the breakpoint on it stores nothing, so a rewrite writes it again too.
    const system: ModelMessage = { role: 'system', content: 'You fix failing tests. '.repeat(100) };
    const prompts = run(40).map((prompt) => [system, ...prompt]);
    const masking = observationMasking({ keep: 4, batchSize: 4 });
    const first = async (minimumTokens?: number) =>
      firstEdit(
        await replay(cachePayback(masking), prompts, 1_000_000, {
          read: 0.1,
          write: 1.25,
          marked: true,
          ...(minimumTokens === undefined ? {} : { minimumTokens }),
        }),
        prompts,
      );
    expect(await first(1024)).toBeGreaterThan(await first());
  });

  it('weighs a rewrite the same when the caller passes equal copies of the history at every call', async () => {
    const prompts = run(40);
    const masking = observationMasking({ keep: 4, batchSize: 4 });
    const copies = prompts.map((prompt) => structuredClone(prompt));
    const same = firstEdit(await replay(cachePayback(masking), prompts), prompts);
    // Compared by identity, every copy looked like a new history and the edits were taken unchecked (at 8).
    const byValue = (sent: ModelMessage[][]) =>
      sent.findIndex((prompt, call) => JSON.stringify(prompt) !== JSON.stringify(copies[call]));
    expect(byValue(await replay(cachePayback(masking), copies))).toBe(same);
    expect(same).toBeGreaterThan(8);
  });

  it('with breakEven, counts what holding the edits has cost so far towards the rewrite', async () => {
    const prompts = run(40);
    const masking = observationMasking({ keep: 4, batchSize: 4 });
    const firstOf = async (options: CachePaybackOptions) =>
      firstEdit(await replay(cachePayback(masking, options), prompts), prompts);
    // Horizon 0: only this call's saving counts, which never pays for rewriting the 4 kept outputs.
    expect(await firstOf({ horizon: 0 })).toBe(-1);
    // The break-even rule takes the edits once the removed tokens, read again at every call they were
    // held, have cost what writing the rest again does.
    const breakEven = await firstOf({ horizon: 0, breakEven: true });
    expect(breakEven).toBeGreaterThan(8);
    expect(breakEven).toBeLessThan(30);
    expect(await firstOf({ horizon: 0.5, breakEven: true })).toBeLessThanOrEqual(
      await firstOf({ horizon: 0.5 }),
    );
  });

  it('leaves a short run unmanaged when holding has not yet cost what the rewrite would (break-even)', async () => {
    // 16 steps with ~150 tokens of reasoning each that a rewrite writes again.
    const prompts = run(16, 'Reading the failure again before the next command. '.repeat(12));
    const masking = observationMasking({ keep: 2, batchSize: 4 });
    // Expecting half as many calls again as were made, the rewrite is taken near the end and cannot pay back.
    const half = firstEdit(await replay(cachePayback(masking, { horizon: 0.5 }), prompts), prompts);
    expect(half).toBeGreaterThan(8);
    // A quarter as many (the default) leaves it unmanaged too.
    expect(firstEdit(await replay(cachePayback(masking), prompts), prompts)).toBe(-1);
    const sent = await replay(cachePayback(masking, { horizon: 0, breakEven: true }), prompts);
    expect(firstEdit(sent, prompts)).toBe(-1);
  });

  it('leaves a short run to kiokuDefault unmanaged (the previous default rewrote its cached prefix)', async () => {
    // Six steps (the first batch of 4 is due), each with ~150 tokens of reasoning that a rewrite writes again.
    const prompts = run(6, 'Reading the failure again before the next command. '.repeat(12));
    const sent = await replay(kiokuDefault(), prompts);
    const stripped = (messages: ModelMessage[]) =>
      messages.map((message) => JSON.stringify({ ...message, providerOptions: undefined }));
    for (const [call, prompt] of sent.entries())
      expect(stripped(prompt)).toEqual(stripped(prompts[call] ?? []));
    const previous = await replay(kiokuDefault({ payback: false, digestCharacters: 0 }), prompts);
    expect(stripped(previous.at(-1) ?? [])).not.toEqual(stripped(prompts.at(-1) ?? []));
  });

  it('takes the edits whatever they cost when the prompt would not fit the window without them', async () => {
    const prompts = run(6, 'Reading the failure again before the next command. '.repeat(12));
    const masking = observationMasking({ keep: 2, batchSize: 4 });
    // ~3,300 tokens unmanaged at the last call, against a window of 3,000.
    const gated = await replay(cachePayback(masking), prompts, 3_000);
    expect(gated.at(-1)).toEqual((await replay(masking, prompts, 3_000)).at(-1));
    expect(unchanged(gated.at(-1) ?? [], prompts.at(-1) ?? [])).toBe(false);
  });

  it('refuses cache prices that are not fractions of the input price', () => {
    expect(() => cachePayback(observationMasking(), { cacheRead: 2 })).toThrow(/cacheRead/);
    expect(() => cachePayback(observationMasking(), { cacheRead: 0.5, cacheWrite: 0.2 })).toThrow(
      /cacheWrite/,
    );
  });
});
