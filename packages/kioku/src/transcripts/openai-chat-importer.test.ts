import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importTranscript } from './import-transcript.js';

const fixture = (name: string) => fileURLToPath(new URL(`./__fixtures__/${name}`, import.meta.url));
const read = (name: string) => importTranscript(readFileSync(fixture(name)), { file: fixture(name) });

describe('openAIChatImporter', () => {
  it('pairs calls and results by position when a server reuses ids (llama.cpp: one id for every call)', () => {
    const call = (name: string, city: string) => ({
      id: 'call_0',
      type: 'function',
      function: { name, arguments: JSON.stringify({ city }) },
    });
    const messages = [
      { role: 'user', content: 'Weather and time in Paris and Oslo?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [call('get_weather', 'Paris'), call('get_time', 'Oslo')],
      },
      { role: 'tool', tool_call_id: 'call_0', content: '14°C' },
      { role: 'tool', tool_call_id: 'call_0', content: '10:02' },
      { role: 'assistant', content: null, tool_calls: [call('get_weather', 'Oslo')] },
      { role: 'tool', tool_call_id: 'call_0', content: '9°C' },
    ];
    const [run] = importTranscript(JSON.stringify({ messages }), { file: 'reused-ids.json' });
    const parts = (run?.messages ?? []).flatMap((message) =>
      typeof message.content === 'string'
        ? []
        : message.content.flatMap((part) =>
            part.type === 'tool-call' || part.type === 'tool-result'
              ? [`${part.toolCallId} ${part.toolName}`]
              : [],
          ),
    );
    expect(parts).toEqual([
      'call_0 get_weather',
      'call_0-2 get_time',
      'call_0 get_weather',
      'call_0-2 get_time',
      'call_0-3 get_weather',
      'call_0-3 get_weather',
    ]);
  });

  it('reads string content, tool calls, tool results and the tools of a request', () => {
    const [run] = read('openai-chat-string-content.json');
    expect(run?.model).toBe('gpt-4.1');
    expect(run?.messages).toEqual([
      { role: 'system', content: 'You are a helpful assistant.' },
      { role: 'user', content: 'What is the weather like in Paris today?' },
      {
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'call_12345xyz',
            toolName: 'get_weather',
            input: { location: 'Paris, France' },
          },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_12345xyz',
            toolName: 'get_weather',
            output: { type: 'text', value: '{"temperature": 14, "unit": "celsius"}' },
          },
        ],
      },
      { role: 'assistant', content: 'The current temperature in Paris is 14°C (57.2°F).' },
    ]);
    expect(run?.calls).toEqual([
      { messageCount: 2, model: 'gpt-4.1' },
      { messageCount: 4, model: 'gpt-4.1' },
    ]);
    expect(run?.tools).toEqual([
      {
        name: 'get_weather',
        description: 'Get current temperature for a given location.',
        inputSchema: expect.objectContaining({ required: ['location'] }),
      },
    ]);
  });

  it('reads content parts: developer text, images, parallel calls with broken arguments, multi-part results', () => {
    const [run] = read('openai-chat-content-parts.json');
    const [system, user, assistant, result1, result2, answer] = run?.messages ?? [];
    expect(system).toEqual({ role: 'system', content: 'You answer questions about images.' });
    expect(user?.content).toEqual([
      { type: 'text', text: "What's in this image? Look up the location too." },
      { type: 'file', mediaType: 'image', data: expect.any(URL) },
    ]);
    expect(assistant?.content).toEqual([
      { type: 'text', text: 'A wooden boardwalk through a green meadow. Let me look up where it is.' },
      {
        type: 'tool-call',
        toolCallId: 'call_abc123',
        toolName: 'reverse_image_search',
        input: '{"query": "nature boardwalk madison',
      },
      {
        type: 'tool-call',
        toolCallId: 'call_def456',
        toolName: 'get_weather',
        input: { location: 'Madison, Wisconsin' },
      },
    ]);
    expect(result1?.content).toEqual([
      expect.objectContaining({
        toolName: 'reverse_image_search',
        output: { type: 'text', value: expect.any(String) },
      }),
    ]);
    expect(result2?.content).toEqual([
      expect.objectContaining({
        toolName: 'get_weather',
        output: {
          type: 'content',
          value: [
            { type: 'text', text: 'temperature: 21' },
            { type: 'text', text: 'unit: celsius' },
          ],
        },
      }),
    ]);
    expect(answer?.content).toEqual([
      { type: 'text', text: expect.stringContaining('Nature Boardwalk') },
      { type: 'text', text: "I can't identify the people in the image." },
    ]);
  });

  it('reads a bare messages array with a legacy function_call and its function result', () => {
    const [run] = read('openai-chat-legacy-function-call.json');
    expect(run?.messages[2]?.content).toEqual([
      {
        type: 'tool-call',
        toolCallId: 'function-call-2',
        toolName: 'get_current_weather',
        input: { location: 'Boston, MA' },
      },
    ]);
    expect(run?.messages[3]).toMatchObject({
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId: 'function-call-2', toolName: 'get_current_weather' }],
    });
  });

  it('reads JSON Lines of messages as one conversation, skipping blank lines', () => {
    const [run] = read('openai-chat.jsonl');
    expect(run?.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant']);
  });

  it('reads JSON Lines of requests as one conversation per line, errors naming the line', () => {
    const text = [
      JSON.stringify({ messages: [{ role: 'user', content: 'Hi' }] }),
      JSON.stringify({
        messages: [
          { role: 'user', content: 'Hi' },
          { role: 'robot', content: 'beep' },
        ],
      }),
    ].join('\n');
    expect(importTranscript(text.split('\n')[0] ?? '', { file: 'a.jsonl' })[0]?.id).toBe('line 1');
    expect(() => importTranscript(text, { file: 'a.jsonl' })).toThrow(
      'a.jsonl: at line 2: $.messages[1].role',
    );
  });

  it('renames a reused call id so every call pairs with its own result', () => {
    const call = (name: string) => ({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'call_1', type: 'function', function: { name, arguments: '{}' } }],
    });
    const text = JSON.stringify([
      { role: 'user', content: 'go' },
      call('first'),
      { role: 'tool', tool_call_id: 'call_1', content: 'one' },
      call('second'),
      { role: 'tool', tool_call_id: 'call_1', content: 'two' },
    ]);
    const [run] = importTranscript(text, { file: 'reuse.json' });
    expect(run?.messages[3]?.content).toEqual([
      expect.objectContaining({ toolCallId: 'call_1-2', toolName: 'second' }),
    ]);
    expect(run?.messages[4]?.content).toEqual([
      expect.objectContaining({ toolCallId: 'call_1-2', toolName: 'second' }),
    ]);
  });
});
