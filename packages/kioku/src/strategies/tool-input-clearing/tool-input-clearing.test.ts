import type { ModelMessage, ToolCallPart } from 'ai';
import { describe, expect, it } from 'vitest';
import { StrategyOptionsError } from '../../errors/strategy-options-error.js';
import { validateHistory } from '../../messages/validate-history.js';
import { quarterCounter } from '../../test/quarter-counter.js';
import { strategyConformance } from '../../test/strategy-conformance.js';
import { outputLines, toolStep } from '../../test/tool-step.js';
import { pin } from '../internal/pin.js';
import { shrinkInput } from '../internal/shrink-input.js';
import { describeClearedInput, toolInputClearing } from './tool-input-clearing.js';

const counter = quarterCounter();
const budget = { contextWindow: 100_000 };
const file = outputLines(80); // 3,279 characters
const heredoc = `cat > /testbed/app.py << 'EOF'\n${file}\nEOF`;

const callOf = (message: ModelMessage | undefined): ToolCallPart => {
  const part = Array.isArray(message?.content) ? message.content.at(-1) : undefined;
  if (part?.type !== 'tool-call') throw new Error('not a tool call');
  return part;
};

function history(): ModelMessage[] {
  return [
    { role: 'user', content: 'Fix the bug.' },
    ...toolStep({ id: 'write', input: { command: heredoc, timeout: 30 } }),
    ...toolStep({ id: 'sql', toolName: 'query', input: { sql: `SELECT ${'a, '.repeat(600)}b FROM events` } }),
    ...toolStep({ id: 'small', input: { command: 'ls' } }),
    ...toolStep({ id: 'recent', input: { command: heredoc } }),
  ];
}

describe('toolInputClearing', () => {
  it('shrinks big inputs beyond the window to their head, keeping keys, ids and results', async () => {
    const messages = history();
    const clearing = toolInputClearing({ keep: 1 });
    const {
      messages: output,
      edits,
      state,
    } = await clearing.apply({
      messages,
      counter,
      budget,
      state: clearing.initialState(),
    });
    expect(validateHistory(output)).toEqual([]);
    expect(state.cleared).toEqual(['write', 'sql']);
    expect(callOf(output[1])).toEqual({
      type: 'tool-call',
      toolCallId: 'write',
      toolName: 'bash',
      input: {
        command: "cat > /testbed/app.py << 'EOF' [… 3,284 characters of input cleared]",
        timeout: 30,
      },
      providerOptions: { kioku: { placeholder: true } },
    });
    expect(callOf(output[3]).input).toEqual({
      // The first 120 characters of the one-line query, then what was cut.
      sql: `SELECT ${'a, '.repeat(38).trimEnd()} [… 1,700 characters of input cleared]`,
    });
    expect(output[2]).toBe(messages[2]);
    expect(output[5]).toBe(messages[5]);
    expect(output[7]).toBe(messages[7]);
    expect(edits.map((edit) => [edit.kind, edit.messageIndexes, edit.toolName])).toEqual([
      ['clear-tool-input', [1], 'bash'],
      ['clear-tool-input', [3], 'query'],
    ]);
    expect(edits[0]?.tokensAfter).toBeLessThan((edits[0]?.tokensBefore ?? 0) / 10);
  });

  it('keeps inputs under minTokens, pinned calls and excluded tools', async () => {
    // A step after `recent`: with keep 0 the newest step's inputs stay all the same.
    const messages = [...history(), ...toolStep({ id: 'after' })];
    messages[1] = pin(messages[1] as ModelMessage);
    const clearing = toolInputClearing({ keep: 0, exclude: ['query'] });
    const { state } = await clearing.apply({ messages, counter, budget, state: clearing.initialState() });
    expect(state.cleared).toEqual(['recent']);
    const strict = toolInputClearing({ keep: 0, minTokens: 2000 });
    expect((await strict.apply({ messages, counter, budget, state: strict.initialState() })).edits).toEqual(
      [],
    );
  });

  it('keeps what it cleared cleared and returns the same rewritten messages next call', async () => {
    const clearing = toolInputClearing({ keep: 1 });
    const messages = history();
    const first = await clearing.apply({ messages, counter, budget, state: clearing.initialState() });
    const grown = [...messages, ...toolStep({ id: 'next' })];
    const second = await clearing.apply({ messages: grown, counter, budget, state: first.state });
    expect(second.messages[1]).toBe(first.messages[1]);
    expect(second.state.cleared).toEqual(['write', 'sql', 'recent']);
  });

  it('shrinks string inputs, whole values that are not strings, and leaves arrays', () => {
    const options = { headCharacters: 10, note: describeClearedInput };
    expect(shrinkInput(`first line is long\n${'x'.repeat(100)}`, options)).toBe(
      'first line [… 109 characters of input cleared]',
    );
    expect(shrinkInput({ rows: Array.from({ length: 50 }, (_, i) => i), id: 7 }, options)).toEqual({
      rows: '[… 141 characters of input cleared]',
      id: 7,
    });
    expect(shrinkInput({ command: 'ls' }, options)).toBeUndefined();
    expect(shrinkInput(['x'.repeat(500)], options)).toBeUndefined();
    expect(shrinkInput(`\n${'x'.repeat(100)}`, { headCharacters: 10, note: () => '[cleared]' })).toBe(
      '[cleared]',
    );
  });

  it('keeps an own __proto__ key of the input as a key, not as the prototype', () => {
    const input = JSON.parse(`{"__proto__": {"polluted": "yes"}, "command": "${'x'.repeat(300)}"}`) as object;
    const shrunk = shrinkInput(input, { headCharacters: 10, note: describeClearedInput }) as Record<
      string,
      unknown
    >;
    expect(Object.keys(shrunk)).toEqual(['__proto__', 'command']);
    expect(Object.getOwnPropertyDescriptor(shrunk, '__proto__')?.value).toEqual({ polluted: 'yes' });
    expect(Object.getPrototypeOf(shrunk)).toBe(Object.prototype);
    expect(JSON.stringify(shrunk)).toContain('"__proto__":{"polluted":"yes"}');
  });

  it('rejects options it cannot work with', () => {
    expect(() => toolInputClearing({ headCharacters: 1.5 })).toThrow(StrategyOptionsError);
  });

  describe('conformance', () => {
    strategyConformance({ make: () => toolInputClearing({ keep: 1, minTokens: 64 }) });
  });

  describe('conformance with batching', () => {
    strategyConformance({
      make: () => toolInputClearing({ keep: 0, minTokens: 32, batchSize: 2, headCharacters: 0 }),
    });
  });
});
