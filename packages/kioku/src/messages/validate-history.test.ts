import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validHistory } from '../test/arbitrary-history.js';
import { assertValidHistory } from './assert-valid-history.js';
import { validateHistory } from './validate-history.js';

const call = (toolCallId: string): ModelMessage => ({
  role: 'assistant',
  content: [{ type: 'tool-call', toolCallId, toolName: 'bash', input: { command: 'ls' } }],
});
const result = (toolCallId: string): ModelMessage => ({
  role: 'tool',
  content: [{ type: 'tool-result', toolCallId, toolName: 'bash', output: { type: 'text', value: 'ok' } }],
});
const kinds = (messages: ModelMessage[], options = {}) =>
  validateHistory(messages, options).map((v) => v.kind);

describe('validateHistory', () => {
  it('accepts a history with parallel tool calls answered in order', () => {
    const parallel: ModelMessage = {
      role: 'assistant',
      content: [
        { type: 'tool-call', toolCallId: 'a', toolName: 'bash', input: {} },
        { type: 'tool-call', toolCallId: 'b', toolName: 'grep', input: {} },
      ],
    };
    expect(
      validateHistory([
        { role: 'system', content: 's' },
        { role: 'user', content: 'go' },
        parallel,
        result('b'),
        result('a'),
      ]),
    ).toEqual([]);
  });

  it('reports a result without its call and a call without its result', () => {
    const violations = validateHistory([{ role: 'user', content: 'go' }, call('a'), result('b')]);
    expect(violations.map((v) => [v.kind, v.index, v.toolCallId])).toEqual([
      ['tool-result-without-call', 2, 'b'],
      ['tool-call-without-result', 1, 'a'],
    ]);
  });

  it('requires the result right after the call: a user message in between breaks the pair', () => {
    expect(
      kinds([{ role: 'user', content: 'go' }, call('a'), { role: 'user', content: 'wait' }, result('a')]),
    ).toEqual(['tool-call-without-result', 'tool-message-out-of-place', 'tool-result-without-call']);
  });

  it('reports every violation, not just the first', () => {
    expect(
      kinds([
        { role: 'assistant', content: 'hi' },
        { role: 'system', content: 'late' },
        { role: 'user', content: '' },
        call('a'),
        call('a'),
        result('a'),
      ]),
    ).toEqual([
      'first-message-not-user',
      'system-after-start',
      'empty-message',
      'tool-call-without-result',
      'duplicate-tool-call-id',
    ]);
  });

  it('accepts unanswered calls in the last message only when asked to', () => {
    const history: ModelMessage[] = [{ role: 'user', content: 'go' }, call('a')];
    expect(kinds(history)).toEqual(['tool-call-without-result']);
    expect(kinds(history, { allowPendingToolCalls: true })).toEqual([]);
  });

  it('rejects empty content arrays and whitespace-only text', () => {
    expect(kinds([{ role: 'user', content: [] }])).toEqual(['empty-message']);
    expect(kinds([{ role: 'user', content: [{ type: 'text', text: '  ' }] }])).toEqual(['empty-message']);
  });

  it('assertValidHistory throws an error that lists the violations', () => {
    expect(() =>
      assertValidHistory([{ role: 'user', content: 'go' }, result('x')], { context: 'masking' }),
    ).toThrow(/^masking: invalid history: .*message 1: tool result x answers no call/);
  });

  it('accepts every generated valid history', () => {
    fc.assert(
      fc.property(validHistory, (history) => validateHistory(history).length === 0),
      { numRuns: 2000 },
    );
  });

  it('catches any single dropped tool message in a generated history', () => {
    const withTool = validHistory.filter((history) => history.some((message) => message.role === 'tool'));
    fc.assert(
      fc.property(withTool, fc.nat(), (history, pick) => {
        const toolIndexes = history.flatMap((message, index) => (message.role === 'tool' ? [index] : []));
        const drop = toolIndexes[pick % toolIndexes.length] ?? 0;
        const broken = history.filter((_, index) => index !== drop);
        return validateHistory(broken).some((violation) => violation.kind === 'tool-call-without-result');
      }),
      { numRuns: 2000 },
    );
  });
});

describe('validateHistory: observations of text-based agents', () => {
  const observation = (text: string): ModelMessage => ({
    role: 'user',
    content: text,
    providerOptions: { kioku: { observation: true } },
  });

  it('accepts an observation sent as the user message it is', () => {
    const history: ModelMessage[] = [
      { role: 'user', content: 'Which account ran notepad.exe?' },
      { role: 'assistant', content: 'Action: execute[SHOW TABLES;]' },
      observation("[('DeviceEvents',)]"),
    ];
    expect(kinds(history)).toEqual([]);
  });

  it("reports an observation sent as a strategy's view of it (a tool message)", () => {
    const leaked: ModelMessage = {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'a',
          toolName: 'observation',
          output: { type: 'text', value: '' },
        },
      ],
      providerOptions: { kioku: { observation: true } },
    };
    expect(kinds([{ role: 'user', content: 'q' }, call('a'), leaked])).toEqual(['observation-out-of-place']);
  });
});
