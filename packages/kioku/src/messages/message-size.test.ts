import { describe, expect, it } from 'vitest';
import { messageSize } from './message-size.js';
import { messageText } from './message-text.js';

describe('messageSize', () => {
  it('counts the text, tool calls and tool outputs a model sees, in characters and UTF-8 bytes', () => {
    expect(messageSize({ role: 'user', content: 'héllo' })).toEqual({ characters: 5, bytes: 6 });
    expect(
      messageText({
        role: 'assistant',
        content: [
          { type: 'text', text: 'Looking.' },
          { type: 'tool-call', toolCallId: 'a', toolName: 'bash', input: { command: 'ls' } },
        ],
      }),
    ).toBe('Looking.\nbash({"command":"ls"})');
    expect(
      messageText({
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'a', toolName: 'bash', output: { type: 'json', value: [1, 2] } },
        ],
      }),
    ).toBe('[1,2]');
  });
});
