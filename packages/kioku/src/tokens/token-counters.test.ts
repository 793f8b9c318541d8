import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validHistory } from '../test/arbitrary-history.js';
import type { ToolDefinition } from '../transcripts/transcript.js';
import { createBytesCounter } from './bytes-counter.js';
import { createClaudeCounter } from './claude-counter.js';
import { createDeepSeekCounter } from './deepseek-counter.js';
import { createOpenAICounter } from './openai-counter.js';
import { createQwenCounter } from './qwen-counter.js';
import type { CalibratableCounter } from './template-counter.js';
import type { Tokenizer } from './tokenizer.js';
import { utf8BytesTokenizer } from './utf8-bytes-tokenizer.js';
import { vocabularyTokenizer } from './vocabulary-tokenizer.js';

/** A tokenizer that records every text it is asked to count. */
function spyTokenizer(inner: Tokenizer): Tokenizer & { texts: string[] } {
  const texts: string[] = [];
  const count = (text: string): number => {
    texts.push(text);
    return inner.count(text);
  };
  return { name: inner.name, texts, count };
}

type Factory = (options: { tokenizer?: () => Tokenizer }) => CalibratableCounter;

/** The shared conformance suite: every counter implementation runs it. */
const implementations: Array<{ family: string; exact: boolean; tokenizer: () => Tokenizer; make: Factory }> =
  [
    {
      family: 'deepseek-v3',
      exact: true,
      tokenizer: () => vocabularyTokenizer('deepseek-v3'),
      make: (o) => createDeepSeekCounter(o),
    },
    {
      family: 'claude',
      exact: false,
      tokenizer: () => vocabularyTokenizer('claude-legacy'),
      make: (o) => createClaudeCounter(o),
    },
    {
      family: 'o200k',
      exact: true,
      tokenizer: () => vocabularyTokenizer('o200k_base'),
      make: (o) => createOpenAICounter({ encoding: 'o200k_base', ...o }),
    },
    {
      family: 'cl100k',
      exact: true,
      tokenizer: () => vocabularyTokenizer('cl100k_base'),
      make: (o) => createOpenAICounter({ encoding: 'cl100k_base', ...o }),
    },
    {
      family: 'qwen',
      exact: false,
      tokenizer: () => vocabularyTokenizer('qwen2.5'),
      make: (o) => createQwenCounter(o),
    },
    { family: 'bytes', exact: false, tokenizer: utf8BytesTokenizer, make: (o) => createBytesCounter(o) },
  ];

const bashTool: ToolDefinition = {
  name: 'bash',
  description: 'Execute a bash command',
  inputSchema: {
    type: 'object',
    properties: { command: { type: 'string', description: 'The bash command to execute' } },
    required: ['command'],
  },
};

const step: ModelMessage[] = [
  {
    role: 'assistant',
    content: [
      { type: 'text', text: 'Let me look at the repository layout.' },
      { type: 'tool-call', toolCallId: 'call_1', toolName: 'bash', input: { command: 'ls -la /testbed' } },
    ],
  },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call_1',
        toolName: 'bash',
        output: {
          type: 'text',
          value: '<returncode>0</returncode>\n<output>\nREADME.rst\nsetup.py\nsrc\n</output>',
        },
      },
    ],
  },
];

describe.each(implementations)('$family counter', ({ family, exact, tokenizer, make }) => {
  it('declares its family and whether it is exact', () => {
    const counter = make({});
    expect(counter.family).toBe(family);
    expect(counter.exact).toBe(exact);
  });

  it('does not load a tokenizer until the first count', () => {
    let loaded = 0;
    const counter = make({
      tokenizer: () => {
        loaded += 1;
        return tokenizer();
      },
    });
    expect(loaded).toBe(0);
    counter.countText('hello');
    expect(loaded).toBeGreaterThan(0);
  });

  it('counts text, nothing for empty text', () => {
    const counter = make({});
    expect(counter.countText('')).toBe(0);
    expect(counter.countText('The quick brown fox jumps over the lazy dog.')).toBeGreaterThan(5);
  });

  it('counts tool calls, results and tools', () => {
    const counter = make({});
    const [call, result] = step;
    if (call === undefined || result === undefined) throw new Error('fixture');
    expect(counter.countMessage(call)).toBeGreaterThan(
      counter.countText('Let me look at the repository layout.'),
    );
    expect(counter.countMessage(result)).toBeGreaterThan(10);
    expect(counter.countTools([])).toBe(0);
    expect(counter.countTools([bashTool])).toBeGreaterThan(counter.countText(JSON.stringify(bashTool)) / 2);
  });

  it('caches per message: the same number, tokenized once', () => {
    const spy = spyTokenizer(tokenizer());
    const counter = make({ tokenizer: () => spy });
    const history: ModelMessage[] = [{ role: 'user', content: 'Fix the failing test in src/.' }, ...step];
    const first = counter.countPrompt({ messages: history, tools: [bashTool] });
    const calls = spy.texts.length;
    expect(counter.countPrompt({ messages: history, tools: [bashTool] })).toBe(first);
    expect(spy.texts.length).toBe(calls);
    for (const message of history) counter.countMessage(message);
    expect(spy.texts.length).toBe(calls);
  });

  it('tokenizes only the new message when a history grows', () => {
    const spy = spyTokenizer(tokenizer());
    const counter = make({ tokenizer: () => spy });
    const history: ModelMessage[] = [{ role: 'user', content: 'Fix the failing test in src/.' }];
    counter.countPrompt({ messages: history });
    const before = spy.texts.length;
    const [call] = step;
    if (call === undefined) throw new Error('fixture');
    history.push(call);
    counter.countPrompt({ messages: history });
    const newTexts = spy.texts.slice(before).join('');
    expect(newTexts).toContain('ls -la /testbed');
    expect(newTexts).not.toContain('Fix the failing test');
  });

  it('on any valid history: prompt = request + tools + sum of messages, like a fresh counter', () => {
    const counter = make({});
    const empty = counter.countPrompt({ messages: [] });
    expect(empty).toBeGreaterThanOrEqual(0);
    fc.assert(
      fc.property(validHistory, (messages) => {
        const sum = messages.reduce((total, message) => total + counter.countMessage(message), 0);
        expect(messages.every((message) => counter.countMessage(message) >= 0)).toBe(true);
        expect(counter.countPrompt({ messages })).toBe(empty + sum);
        expect(counter.countPrompt({ messages, tools: [bashTool] })).toBe(
          empty + sum + counter.countTools([bashTool]),
        );
        const copies = messages.map((message) => structuredClone(message));
        expect(make({}).countPrompt({ messages: copies })).toBe(empty + sum);
      }),
      { numRuns: 40 },
    );
  });
});
