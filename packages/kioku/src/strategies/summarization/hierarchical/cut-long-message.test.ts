import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quarterCounter } from '../../../test/quarter-counter.js';
import { outputLines, toolStep } from '../../../test/tool-step.js';
import { cutLongMessage } from './cut-long-message.js';
import { cutText } from './cut-text.js';

const counter = quarterCounter();

describe('cutText', () => {
  it('keeps the head and the tail and says how much was cut', () => {
    expect(cutText('abcdefghij', 4)).toBe('ab\n[… 6 characters cut …]\nij');
    expect(cutText('short', 10)).toBe('short');
  });
});

describe('cutLongMessage', () => {
  it('returns a message that fits as it is', () => {
    const [, result] = toolStep({ id: 'a', output: 'ok' });
    expect(cutLongMessage(result, { maxTokens: 100, counter })).toBe(result);
  });

  it('cuts a giant tool output to fit, keeping the call id, the head and the tail', () => {
    const [, result] = toolStep({
      id: 'big',
      toolName: 'query_logs',
      output: `HEAD\n${outputLines(5000)}\nTAIL`,
    });
    const cut = cutLongMessage(result, { maxTokens: 1000, counter });
    expect(counter.countMessage(cut)).toBeLessThanOrEqual(1000);
    expect(cut).toMatchObject({
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId: 'big', toolName: 'query_logs' }],
    });
    const text = JSON.stringify(cut);
    expect(text).toContain('HEAD');
    expect(text).toContain('TAIL');
    expect(text).toMatch(/\[… \d+ characters cut …\]/);
  });

  it('turns a JSON output of many small values into text when cutting strings is not enough', () => {
    const rows = Array.from({ length: 3000 }, (_, id) => ({ id, host: `10.0.${id % 250}.1` }));
    const message: ModelMessage = {
      role: 'tool',
      content: [
        { type: 'tool-result', toolCallId: 'j', toolName: 'sql', output: { type: 'json', value: rows } },
      ],
    };
    const cut = cutLongMessage(message, { maxTokens: 2000, counter });
    expect(counter.countMessage(cut)).toBeLessThanOrEqual(2000);
    expect(cut).toMatchObject({ content: [{ toolCallId: 'j', output: { type: 'text' } }] });
  });

  it('fits any long text message within the limit', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 0, maxLength: 20_000 }),
        fc.integer({ min: 200, max: 3000 }),
        (text, max) => {
          const message: ModelMessage = { role: 'user', content: text.trim() === '' ? 'x' : text };
          const cut = cutLongMessage(message, { maxTokens: max, counter });
          expect(counter.countMessage(cut)).toBeLessThanOrEqual(max);
          if (counter.countMessage(message) <= max) expect(cut).toBe(message);
        },
      ),
      { numRuns: 300 },
    );
  });
});
