import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { convertToModelMessages, type UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { importTranscript } from './import-transcript.js';

// A useChat history in the shapes of the AI SDK's chatbot tool-usage docs: tool states, steps, a file,
// reasoning, a dynamic tool, data and source parts.
const file = fileURLToPath(new URL('./__fixtures__/ai-sdk-ui-messages.json', import.meta.url));

describe('aiSdkUiMessagesImporter', () => {
  it('converts UIMessage[] exactly as the AI SDK’s convertToModelMessages does', async () => {
    const [run] = importTranscript(readFileSync(file), { file });
    expect(run?.format).toBe('ai-sdk-ui-messages');
    const expected = await convertToModelMessages(JSON.parse(readFileSync(file, 'utf8')) as UIMessage[]);
    expect(run?.messages).toEqual(expected);
    expect(run?.messages.map((message) => message.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'assistant',
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
  });

  it('names the part of a file without its url', () => {
    const value = [{ id: 'u', role: 'user', parts: [{ type: 'file', mediaType: 'image/png' }] }];
    expect(() => importTranscript(JSON.stringify(value), { file: 'chat.json' })).toThrow(
      /chat\.json: at \$\[0\]\.parts\[0\]\.url: expected a file part with its url/,
    );
  });
});
