import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importTranscript } from './import-transcript.js';

const fixture = (name: string) => fileURLToPath(new URL(`./__fixtures__/${name}`, import.meta.url));
// The first 8 messages of mini-swe-agent's pvlib__pvlib-python-1072 run, as kioku imports them.
const messagesFile = fixture('ai-sdk-messages.json');
const messages = JSON.parse(readFileSync(messagesFile, 'utf8'));

describe('aiSdkMessagesImporter', () => {
  it('reads a saved ModelMessage[] as it is, one call per assistant message', () => {
    const [run] = importTranscript(readFileSync(messagesFile), { file: messagesFile });
    expect(run?.format).toBe('ai-sdk-messages');
    expect(run?.messages).toEqual(messages);
    expect(run?.calls.map((call) => call.messageCount)).toEqual([2, 4, 6]);
  });

  it('names the message and field of a part the AI SDK does not know', () => {
    const broken = [
      ...messages.slice(0, 2),
      { role: 'assistant', content: [{ type: 'tool-call', toolName: 'bash' }] },
    ];
    expect(() =>
      importTranscript(JSON.stringify(broken), { file: 'h.json', format: 'ai-sdk-messages' }),
    ).toThrow(/h\.json: at \$\[2\]/);
  });
});
