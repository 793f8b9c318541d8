import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { distinctToolCallIds } from './distinct-tool-call-ids.js';
import { findToolPairs } from './find-tool-pairs.js';
import { validateHistory } from './validate-history.js';

/** One step: an assistant message calling `ids` in parallel, then one tool message answering them in order. */
function step(ids: string[], tag: string): ModelMessage[] {
  return [
    {
      role: 'assistant',
      content: ids.map((id, index) => ({
        type: 'tool-call' as const,
        toolCallId: id,
        toolName: `tool_${tag}_${index}`,
        input: { at: `${tag}.${index}` },
      })),
    },
    {
      role: 'tool',
      content: ids.map((id, index) => ({
        type: 'tool-result' as const,
        toolCallId: id,
        toolName: `tool_${tag}_${index}`,
        output: { type: 'text' as const, value: `output ${tag}.${index}` },
      })),
    },
  ];
}

const labels: Record<string, string> = {
  'tool-call': 'call',
  'tool-result': 'result',
  'tool-approval-request': 'approval',
};
const ids = (messages: readonly ModelMessage[]) =>
  messages.flatMap((message) =>
    typeof message.content === 'string'
      ? []
      : message.content.flatMap((part) =>
          'toolCallId' in part ? [`${labels[part.type] ?? part.type}:${part.toolCallId}`] : [],
        ),
  );

describe('distinctToolCallIds', () => {
  it('gives back a history whose ids are distinct as the same messages', () => {
    const history: ModelMessage[] = [
      { role: 'user', content: 'go' },
      ...step(['a', 'b'], 's1'),
      ...step(['c'], 's2'),
    ];
    const result = distinctToolCallIds(history);
    result.forEach((message, index) => {
      expect(message).toBe(history[index]);
    });
  });

  it('tells a constant id apart by position, within a step and across steps (llama.cpp)', () => {
    const history: ModelMessage[] = [
      { role: 'user', content: 'go' },
      ...step(['call_0', 'call_0', 'call_0'], 's1'),
      ...step(['call_0', 'call_0'], 's2'),
    ];
    expect(validateHistory(history).map((violation) => violation.kind)).toContain('duplicate-tool-call-id');
    const result = distinctToolCallIds(history);
    expect(ids(result)).toEqual([
      'call:call_0',
      'call:call_0-2',
      'call:call_0-3',
      'result:call_0',
      'result:call_0-2',
      'result:call_0-3',
      'call:call_0-4',
      'call:call_0-5',
      'result:call_0-4',
      'result:call_0-5',
    ]);
    expect(validateHistory(result)).toEqual([]);
    // Each result stays with its own call: the tool names and outputs travel with the ids.
    const pairs = findToolPairs(result).pairs.map((pair) => [pair.call.toolName, pair.result?.toolName]);
    for (const [call, answer] of pairs) expect(answer).toBe(call);
  });

  it('tells per-turn ids apart (call_0, call_1 at every step) and never takes an id a later call holds', () => {
    const history: ModelMessage[] = [
      { role: 'user', content: 'go' },
      ...step(['call_0', 'call_1'], 's1'),
      ...step(['call_0', 'call_1'], 's2'),
      ...step(['call_0-2'], 's3'),
    ];
    expect(ids(distinctToolCallIds(history))).toEqual([
      'call:call_0',
      'call:call_1',
      'result:call_0',
      'result:call_1',
      'call:call_0-2',
      'call:call_1-2',
      'result:call_0-2',
      'result:call_1-2',
      // The agent's own `call_0-2` came after the renamed one took it.
      'call:call_0-2-2',
      'result:call_0-2-2',
    ]);
  });

  it('renames a provider-executed result in the calling message and an approval request with its call', () => {
    const history: ModelMessage[] = [
      { role: 'user', content: 'go' },
      ...step(['x', 'y'], 's1'),
      {
        role: 'assistant',
        content: [
          { type: 'tool-call', toolCallId: 'x', toolName: 'web_search', input: {}, providerExecuted: true },
          {
            type: 'tool-result',
            toolCallId: 'x',
            toolName: 'web_search',
            output: { type: 'text', value: 'r' },
          },
          { type: 'tool-call', toolCallId: 'y', toolName: 'delete', input: {} },
          { type: 'tool-approval-request', approvalId: 'ap', toolCallId: 'y' },
        ],
      },
    ];
    const result = distinctToolCallIds(history);
    expect(ids(result.slice(3))).toEqual(['call:x-2', 'result:x-2', 'call:y-2', 'approval:y-2']);
    expect(result[3]).not.toBe(history[3]);
  });
});

describe('findToolPairs with reused ids', () => {
  it('pairs each call with its own result, and leaves an unanswered call unanswered when its id is reused', () => {
    const history: ModelMessage[] = [
      { role: 'user', content: 'go' },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'call_0', toolName: 'lost', input: {} }],
      },
      { role: 'user', content: 'never mind' },
      ...step(['call_0', 'call_0'], 's1'),
    ];
    const { pairs, orphanResults } = findToolPairs(history);
    expect(pairs.map((pair) => [pair.call.toolName, pair.result?.toolName])).toEqual([
      ['lost', undefined],
      ['tool_s1_0', 'tool_s1_0'],
      ['tool_s1_1', 'tool_s1_1'],
    ]);
    expect(orphanResults).toEqual([]);
  });
});
