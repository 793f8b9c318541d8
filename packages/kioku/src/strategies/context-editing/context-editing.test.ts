import type { ModelMessage, ToolCallPart, ToolResultPart } from 'ai';
import { describe, expect, it } from 'vitest';
import { StrategyOptionsError } from '../../errors/strategy-options-error.js';
import { validateHistory } from '../../messages/validate-history.js';
import { quarterCounter } from '../../test/quarter-counter.js';
import { strategyConformance } from '../../test/strategy-conformance.js';
import { outputLines, toolStep } from '../../test/tool-step.js';
import { thresholdTrigger } from '../../triggers/threshold-trigger.js';
import { tokenTrigger } from '../../triggers/token-trigger.js';
import { toolUsesTrigger } from '../../triggers/tool-uses-trigger.js';
import { toolCalls, toolResults } from '../internal/tool-parts.js';
import { type ContextEditingOptions, contextEditing } from './context-editing.js';

const counter = quarterCounter();
const budget = { contextWindow: 200_000 };
const big = outputLines(100); // ~1,025 tokens

/** A task and `count` steps alternating bash and query, with big outputs and a big bash input. */
function history(count: number, output = big): ModelMessage[] {
  return [
    { role: 'user', content: 'Investigate alert 42.' },
    ...Array.from({ length: count }, (_, i) =>
      toolStep({
        id: `c${i}`,
        toolName: i % 2 === 0 ? 'bash' : 'query',
        input: { command: `cat > f.py << 'EOF'\n${outputLines(20)}\nEOF`, timeout: 30 },
        output,
      }),
    ).flat(),
  ];
}

const clearedResults = (messages: readonly ModelMessage[]) =>
  toolResults(messages).parts.flatMap(({ part }) =>
    part.providerOptions?.kioku?.placeholder ? [part.toolCallId] : [],
  );
const clearedInputs = (messages: readonly ModelMessage[]) =>
  toolCalls(messages).parts.flatMap(({ part }) =>
    part.providerOptions?.kioku?.placeholder ? [part.toolCallId] : [],
  );

const firstPart = (message: ModelMessage | undefined) =>
  Array.isArray(message?.content) ? message.content[0] : undefined;

async function edit(messages: ModelMessage[], options: ContextEditingOptions) {
  const strategy = contextEditing(options);
  return strategy.apply({ messages, counter, budget, state: strategy.initialState() });
}

describe('contextEditing', () => {
  it('does nothing below the trigger (Anthropic default: 100,000 input tokens)', async () => {
    const messages = history(20); // ~26,000 tokens
    const { messages: output, edits } = await edit(messages, {});
    expect(edits).toEqual([]);
    expect(output).toEqual(messages);
  });

  it('once triggered, clears every result but the last 3 with [cleared], keeping calls and pairing', async () => {
    const messages = history(6);
    const { messages: output, edits, state } = await edit(messages, { trigger: { inputTokens: 5000 } });
    expect(validateHistory(output)).toEqual([]);
    expect(clearedResults(output)).toEqual(['c0', 'c1', 'c2']);
    expect(clearedInputs(output)).toEqual([]);
    expect(firstPart(output[2])).toEqual({
      type: 'tool-result',
      toolCallId: 'c0',
      toolName: 'bash',
      output: { type: 'text', value: '[cleared]' },
      providerOptions: { kioku: { placeholder: true } },
    });
    expect(output[1]).toBe(messages[1]);
    expect(edits.map((e) => [e.kind, e.messageIndexes, e.toolName])).toEqual([
      ['clear-tool-result', [2], 'bash'],
      ['clear-tool-result', [4], 'query'],
      ['clear-tool-result', [6], 'bash'],
    ]);
    expect(state).toEqual({ clearedResults: ['c0', 'c1', 'c2'], clearedInputs: [] });
  });

  it('triggers on the number of tool uses or on a fraction of the window', async () => {
    const messages = history(5);
    expect(clearedResults((await edit(messages, { trigger: { toolUses: 5 }, keep: 4 })).messages)).toEqual([
      'c0',
    ]);
    expect((await edit(messages, { trigger: { toolUses: 6 }, keep: 4 })).edits).toEqual([]);
    const small = { contextWindow: 8000, reservedOutputTokens: 1000 }; // history ~6,500 tokens
    const strategy = contextEditing({ trigger: { fraction: 0.9 }, keep: 4 });
    const run = (contextWindow: number) =>
      strategy.apply({
        messages,
        counter,
        budget: { ...small, contextWindow },
        state: strategy.initialState(),
      });
    expect((await run(8000)).edits).toHaveLength(1);
    expect((await run(9000)).edits).toEqual([]);
  });

  it('takes its "when" as a trigger object, deciding as the literal forms do', async () => {
    const messages = history(5);
    const small = { contextWindow: 8000, reservedOutputTokens: 1000 }; // history ~6,500 tokens
    const run = async (trigger: ContextEditingOptions['trigger'], contextWindow: number) => {
      const strategy = contextEditing({ keep: 4, ...(trigger === undefined ? {} : { trigger }) });
      const budget = { ...small, contextWindow };
      return (await strategy.apply({ messages, counter, budget, state: strategy.initialState() })).edits;
    };
    for (const contextWindow of [8000, 9000]) {
      expect(await run(thresholdTrigger({ fraction: 0.9 }), contextWindow)).toEqual(
        await run({ fraction: 0.9 }, contextWindow),
      );
    }
    expect(await run(tokenTrigger({ inputTokens: 6000 }), 200_000)).toHaveLength(1);
    expect(await run(tokenTrigger({ inputTokens: 7000 }), 200_000)).toEqual([]);
    // The tool-use count is a trigger object too: { toolUses } is toolUsesTrigger's shorthand.
    for (const toolUses of [5, 6]) {
      const edits = await run(toolUsesTrigger({ toolUses }), 200_000);
      expect(edits).toEqual(await run({ toolUses }, 200_000));
      expect(edits).toHaveLength(toolUses === 5 ? 1 : 0);
    }
    expect(() => contextEditing({ trigger: { shouldCompact: () => true } as never })).toThrow(/a trigger/);
  });

  it('clears inputs too, keeping their keys, for every tool or the tools named', async () => {
    const messages = history(5);
    const all = await edit(messages, { trigger: { toolUses: 1 }, keep: 3, clearToolInputs: true });
    expect(clearedInputs(all.messages)).toEqual(['c0', 'c1']);
    expect((firstPart(all.messages[1]) as ToolCallPart).input).toEqual({
      command: '[cleared]',
      timeout: 30,
    });
    expect(all.edits.map((e) => e.kind)).toEqual([
      'clear-tool-input',
      'clear-tool-result',
      'clear-tool-input',
      'clear-tool-result',
    ]);
    const some = await edit(messages, { trigger: { toolUses: 1 }, keep: 3, clearToolInputs: ['query'] });
    expect(clearedInputs(some.messages)).toEqual(['c1']);
  });

  it('never clears excluded tools, pinned messages, the newest step, or results no longer than the placeholder', async () => {
    const messages = history(6);
    messages[4] = { ...(messages[4] as ModelMessage), providerOptions: { kioku: { pinned: true } } };
    const { messages: output } = await edit(messages, {
      trigger: { toolUses: 1 },
      keep: 0,
      excludeTools: ['bash'],
    });
    // c5, the newest step's, is what the model asked for last: kept even with keep 0.
    expect(clearedResults(output)).toEqual(['c3']);
    const tiny = history(4, 'ok');
    expect((await edit(tiny, { trigger: { toolUses: 1 }, keep: 0 })).edits).toEqual([]);
  });

  it('edits only when it clears at least clearAtLeast tokens, then keeps what it cleared', async () => {
    const strategy = contextEditing({ trigger: { toolUses: 1 }, keep: 2, clearAtLeast: 2500 });
    const full = history(8);
    let state = strategy.initialState();
    const cleared: string[][] = [];
    for (let steps = 1; steps <= 8; steps += 1) {
      const result = await strategy.apply({ messages: full.slice(0, 1 + 2 * steps), counter, budget, state });
      cleared.push(clearedResults(result.messages));
      state = result.state;
    }
    // Each old result frees ~1,020 tokens: an edit waits until three are old.
    expect(cleared).toEqual([
      [],
      [],
      [],
      [],
      ['c0', 'c1', 'c2'],
      ['c0', 'c1', 'c2'],
      ['c0', 'c1', 'c2'],
      ['c0', 'c1', 'c2', 'c3', 'c4', 'c5'],
    ]);
  });

  it('uses the placeholder given', async () => {
    const { messages: output } = await edit(history(2), {
      trigger: { toolUses: 1 },
      keep: 1,
      placeholder: '[removed]',
    });
    expect((firstPart(output[2]) as ToolResultPart).output).toEqual({ type: 'text', value: '[removed]' });
  });

  it('rejects triggers it cannot work with', () => {
    expect(() => contextEditing({ trigger: { fraction: 1.5 } })).toThrow(StrategyOptionsError);
    expect(() => contextEditing({ trigger: {} as { toolUses: number } })).toThrow(/option `trigger`/);
    expect(() => contextEditing({ trigger: { toolUses: -1 } })).toThrow(/option `trigger.toolUses`/);
  });

  describe('conformance', () => {
    strategyConformance({
      make: () => contextEditing({ trigger: { fraction: 0.3 }, keep: 1, clearToolInputs: true }),
    });
  });

  describe('conformance with clearAtLeast and excluded tools', () => {
    strategyConformance({
      make: () =>
        contextEditing({ trigger: { toolUses: 2 }, keep: 2, clearAtLeast: 500, excludeTools: ['memory'] }),
    });
  });
});
