import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { fromLanguageModelPrompt, toLanguageModelPrompt } from './language-model-prompt.js';

describe('toLanguageModelPrompt', () => {
  it('converts a rewritten assistant message with tool calls, whose results follow it unchanged', async () => {
    const prompt = await toLanguageModelPrompt([
      { role: 'user', content: 'List the logs.' },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'bash', input: { command: 'ls' } }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'bash',
            output: { type: 'text', value: 'a.log' },
          },
        ],
      },
    ]);
    const [user, assistant, tool] = fromLanguageModelPrompt(prompt);
    // A strategy rewrites the assistant message (its input cleared) and keeps the rest as they came.
    const cleared: ModelMessage = {
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'bash', input: { command: '[cleared]' } }],
    };
    const sent = await toLanguageModelPrompt([user, cleared, tool] as ModelMessage[]);
    expect(sent).toHaveLength(3);
    expect(sent[0]).toBe(user);
    expect(sent[1]).toMatchObject({
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId: 'c1', input: { command: '[cleared]' } }],
    });
    expect(sent[2]).toBe(tool);
    expect(assistant).toBeDefined();
  });
});
