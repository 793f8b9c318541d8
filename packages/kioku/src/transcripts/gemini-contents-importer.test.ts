import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importTranscript } from './import-transcript.js';

const file = fileURLToPath(new URL('./__fixtures__/gemini-contents.json', import.meta.url));

describe('geminiContentsImporter', () => {
  const [run] = importTranscript(readFileSync(file), { file });

  it('maps systemInstruction, user and model contents to system, user, assistant and tool messages', () => {
    expect(run?.format).toBe('gemini-contents');
    expect(run?.messages.map((m) => m.role)).toEqual([
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
    expect(run?.messages[0]?.content).toContain('lighting system bot');
  });

  it('gives parallel function calls ids and matches each response by name', () => {
    expect(run?.messages[2]?.content).toEqual([
      { type: 'tool-call', toolCallId: 'call-1-0', toolName: 'power_disco_ball', input: { power: true } },
      {
        type: 'tool-call',
        toolCallId: 'call-1-1',
        toolName: 'start_music',
        input: { energetic: true, loud: true },
      },
      { type: 'tool-call', toolCallId: 'call-1-2', toolName: 'dim_lights', input: { brightness: 0.5 } },
    ]);
    const results = run?.messages[3]?.content;
    expect(
      Array.isArray(results) && results.map((part) => part.type === 'tool-result' && part.toolCallId),
    ).toEqual(['call-1-0', 'call-1-1', 'call-1-2']);
    expect(run?.messages[3]?.content).toContainEqual(
      expect.objectContaining({
        toolName: 'dim_lights',
        output: { type: 'json', value: { result: 'Lights are now set to 50%' } },
      }),
    );
  });

  it('keeps the ids Gemini gives', () => {
    expect(run?.messages[7]?.content).toEqual([
      expect.objectContaining({ toolCallId: 'call-7f3a', toolName: 'set_light_values' }),
    ]);
  });

  it('converts the function declarations', () => {
    expect(run?.tools?.map((tool) => tool.name)).toEqual([
      'power_disco_ball',
      'start_music',
      'dim_lights',
      'set_light_values',
    ]);
  });

  it('names a part of no known kind', () => {
    const value = { contents: [{ role: 'user', parts: [{ video: 'x' }] }] };
    expect(() => importTranscript(JSON.stringify(value), { file: 'g.json' })).toThrow(
      'g.json: at $.contents[0].parts[0]: expected a part with text, functionCall, functionResponse, inlineData or fileData',
    );
  });

  it('rejects a response to a call nobody made', () => {
    const value = {
      contents: [
        { role: 'user', parts: [{ text: 'hi' }] },
        { role: 'user', parts: [{ functionResponse: { name: 'f', response: {} } }] },
      ],
    };
    expect(() => importTranscript(JSON.stringify(value), { file: 'g.json' })).toThrow(
      'g.json: at $.contents[1].parts[0].functionResponse: expected a response to a functionCall',
    );
  });
});
