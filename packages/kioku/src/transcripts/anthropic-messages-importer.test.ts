import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validateHistory } from '../messages/validate-history.js';
import { importTranscript } from './import-transcript.js';

const file = fileURLToPath(new URL('./__fixtures__/anthropic-messages.json', import.meta.url));

describe('anthropicMessagesImporter', () => {
  const [run] = importTranscript(readFileSync(file), { file });

  it('detects the format and keeps the model and tools', () => {
    expect(run?.format).toBe('anthropic-messages');
    expect(run?.model).toBe('claude-3-5-sonnet-20241022');
    expect(run?.tools?.map((tool) => tool.name)).toEqual(['get_weather', 'get_time']);
    expect(run?.tools?.[0]?.inputSchema).toMatchObject({ required: ['location'] });
  });

  it('puts the system blocks in a system message that keeps their cache breakpoint', () => {
    expect(run?.messages[0]).toEqual({
      role: 'system',
      content: 'You are a weather assistant. Use the tools to answer questions about the weather.',
      providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' } } },
    });
  });

  it('splits a user turn of tool results and text into a tool message and a user message', () => {
    expect(run?.messages.map((m) => m.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'user',
      'assistant',
    ]);
    expect(run?.messages[3]).toEqual({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'toolu_01A09q90qw90lq917835lq9',
          toolName: 'get_weather',
          output: { type: 'text', value: '15 degrees, mostly cloudy' },
        },
        {
          type: 'tool-result',
          toolCallId: 'toolu_01B2Zx4R7QbM1jJ6nK9pLs3T',
          toolName: 'get_time',
          output: { type: 'error-text', value: 'Error: time service unavailable' },
        },
      ],
      providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' } } },
    });
    expect(run?.messages[4]).toEqual({
      role: 'user',
      content: [{ type: 'text', text: 'Also, should I bring an umbrella?' }],
    });
  });

  it('turns tool_use blocks into tool calls and thinking into reasoning', () => {
    expect(run?.messages[2]?.content).toEqual([
      { type: 'text', text: "I'll check the weather and the time in San Francisco." },
      {
        type: 'tool-call',
        toolCallId: 'toolu_01A09q90qw90lq917835lq9',
        toolName: 'get_weather',
        input: { location: 'San Francisco, CA', unit: 'celsius' },
      },
      {
        type: 'tool-call',
        toolCallId: 'toolu_01B2Zx4R7QbM1jJ6nK9pLs3T',
        toolName: 'get_time',
        input: { timezone: 'America/Los_Angeles' },
      },
    ]);
    expect(run?.messages[5]?.content).toEqual([
      { type: 'reasoning', text: expect.stringContaining('Cloudy at 15°C') },
      { type: 'text', text: expect.stringContaining('no umbrella needed') },
    ]);
  });

  it('records a call for each assistant message, counted in converted messages', () => {
    expect(run?.calls.map((call) => call.messageCount)).toEqual([2, 5]);
  });

  it('names the block of a tool_result whose tool_use is missing', () => {
    const value = {
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'hello' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'x' },
            { type: 'tool_result', tool_use_id: 'toolu_x', content: 'y' },
          ],
        },
      ],
    };
    expect(() => importTranscript(JSON.stringify(value), { file: 'a.json' })).toThrow(
      'a.json: at $.messages[2].content[1].tool_use_id: expected the id of a tool_use block in an earlier assistant message',
    );
  });

  it('names an unknown block type', () => {
    const value = { system: 'x', messages: [{ role: 'user', content: [{ type: 'video', url: 'v.mp4' }] }] };
    expect(() => importTranscript(JSON.stringify(value), { file: 'a.json' })).toThrow(
      /a\.json: at \$\.messages\[0\]\.content\[0\]\.type: expected one of "text", "image", "tool_use"/,
    );
  });

  it('reads document blocks and server tools (web search) as the API documents them', () => {
    // Shapes from Anthropic's PDF-support and web-search tool documentation.
    const value = {
      model: 'claude-sonnet-4-5',
      messages: [
        {
          role: 'user',
          content: [
            {
              type: 'document',
              source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0xLjQK' },
            },
            {
              type: 'document',
              source: { type: 'text', media_type: 'text/plain', data: 'The grass is green.' },
              title: 'Notes',
            },
            { type: 'text', text: 'When was Claude Shannon born, and what do these say?' },
          ],
        },
        {
          role: 'assistant',
          content: [
            {
              type: 'server_tool_use',
              id: 'srvtoolu_01WYG3ziw53XMcoyKL4XcZmE',
              name: 'web_search',
              input: { query: 'claude shannon birth date' },
            },
            {
              type: 'web_search_tool_result',
              tool_use_id: 'srvtoolu_01WYG3ziw53XMcoyKL4XcZmE',
              content: [
                {
                  type: 'web_search_result',
                  url: 'https://en.wikipedia.org/wiki/Claude_Shannon',
                  title: 'Claude Shannon - Wikipedia',
                  encrypted_content: 'EqgfCioIARgBIiQ3YTAwMjY1Mi1mZjM5LTQ1NGUtODgxNC1kNjNjNTk1ZWI3Y',
                  page_age: 'April 30, 2025',
                },
              ],
            },
            { type: 'text', text: 'Claude Shannon was born on April 30, 1916.' },
          ],
        },
      ],
    };
    const [run] = importTranscript(JSON.stringify(value), { file: 'a.json' });
    expect(run?.messages[0]?.content).toEqual([
      { type: 'file', mediaType: 'application/pdf', data: 'JVBERi0xLjQK' },
      { type: 'text', text: 'Notes\nThe grass is green.' },
      { type: 'text', text: 'When was Claude Shannon born, and what do these say?' },
    ]);
    expect(run?.messages[1]?.content).toEqual([
      expect.objectContaining({ type: 'tool-call', toolName: 'web_search', providerExecuted: true }),
      expect.objectContaining({
        type: 'tool-result',
        toolName: 'web_search',
        output: expect.objectContaining({ type: 'json' }),
      }),
      { type: 'text', text: 'Claude Shannon was born on April 30, 1916.' },
    ]);
    expect(validateHistory(run?.messages ?? [])).toEqual([]);
  });
});
