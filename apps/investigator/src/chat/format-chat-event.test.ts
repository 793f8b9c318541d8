import { describe, expect, it } from 'vitest';
import { formatChatEvent } from './format-chat-event.js';

describe('formatChatEvent', () => {
  it('prints tool calls, sub-agent steps, compactions and the budget as progress lines', () => {
    expect(
      formatChatEvent({
        type: 'tool-call',
        toolName: 'logs_run',
        toolCallId: 'c',
        arguments: '{"query":"who"}',
      }),
    ).toBe('→ logs_run {"query":"who"}');
    expect(
      formatChatEvent({
        type: 'sub-agent',
        toolCallId: 'c',
        progress: {
          type: 'tool-call-end',
          agent: 'logs_run',
          step: 0,
          toolCallId: 'q',
          toolName: 'query',
          arguments: 'sql: SELECT 1',
          durationMs: 12,
        },
      }),
    ).toBe('  logs_run · query sql: SELECT 1 (12 ms)');
    expect(
      formatChatEvent({
        type: 'kioku',
        event: {
          type: 'context-compacted',
          reason: 'threshold',
          strategy: 's',
          fallbacks: [],
          tokensBefore: 1000,
          tokensAfter: 200,
          messagesBefore: 10,
          messagesAfter: 3,
          factsRepaired: 2,
          edits: [],
        },
      }),
    ).toBe('[kioku] history compacted (threshold): 1000 → 200 tokens, 2 fact(s) restored');
    expect(formatChatEvent({ type: 'budget-reached', reason: '$1 of $1 spent' })).toContain('handover note');
  });

  it('leaves the answer text and successful results to the caller', () => {
    expect(formatChatEvent({ type: 'text-delta', text: 'x' })).toBeUndefined();
    expect(formatChatEvent({ type: 'tool-result', toolName: 't', toolCallId: 'c' })).toBeUndefined();
  });
});
