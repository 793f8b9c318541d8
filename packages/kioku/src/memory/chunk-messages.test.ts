import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { chunkMessages } from './chunk-messages.js';

describe('chunkMessages', () => {
  it('gives one chunk per short message, with its position in the session and its role', () => {
    const messages: ModelMessage[] = [
      { role: 'user', content: 'Triage alert 4242' },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'get_alert', input: { id: 4242 } }],
      },
      { role: 'user', content: [{ type: 'image', image: new Uint8Array([1]), mediaType: 'image/png' }] },
    ];
    expect(chunkMessages(messages, { firstPosition: 10 })).toEqual([
      { position: 10, chunk: 0, role: 'user', text: 'Triage alert 4242' },
      { position: 11, chunk: 0, role: 'assistant', text: 'get_alert({"id":4242})' },
      { position: 12, chunk: 0, role: 'user', text: '[file image/png]' },
    ]);
  });

  it('splits a long message at line boundaries into overlapping pieces no longer than the maximum', () => {
    const lines = Array.from({ length: 200 }, (_, row) => `row ${row}: 198.51.100.${row} signed in`);
    const chunks = chunkMessages([{ role: 'user', content: lines.join('\n') }], {
      maxCharacters: 500,
      overlap: 80,
    });
    expect(chunks.length).toBeGreaterThan(10);
    expect(chunks.map((chunk) => chunk.chunk)).toEqual(chunks.map((_, index) => index));
    for (const chunk of chunks) {
      expect(chunk.text.length).toBeLessThanOrEqual(500);
      expect(chunk.text).toMatch(/^(row \d+|\d+: |\d+ signed|[\d.]+ signed|signed in)/);
    }
    // Every line is whole in at least one piece.
    for (const line of lines)
      expect(chunks.some((chunk) => chunk.text.split('\n').includes(line))).toBe(true);
    // Consecutive pieces overlap.
    expect(chunks[1]?.text.slice(0, 40)).toSatisfy((start: string) =>
      (chunks[0]?.text ?? '').includes(start),
    );
  });

  it('cuts text without boundaries at the maximum', () => {
    const chunks = chunkMessages([{ role: 'user', content: 'x'.repeat(2500) }], {
      maxCharacters: 1000,
      overlap: 0,
    });
    expect(chunks.map((chunk) => chunk.text.length)).toEqual([1000, 1000, 500]);
  });
});
