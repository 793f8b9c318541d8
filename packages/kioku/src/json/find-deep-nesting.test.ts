import { describe, expect, it } from 'vitest';
import { toolCallInput } from '../transcripts/tool-call-input.js';
import { findDeepNesting } from './find-deep-nesting.js';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('findDeepNesting', () => {
  it('finds the first bracket past the limit, ignoring brackets in strings and line breaks', () => {
    expect(findDeepNesting(nested(1000))).toBeUndefined();
    expect(findDeepNesting(nested(1001))).toBe(1000);
    expect(findDeepNesting(`{"a": "${'['.repeat(5000)}"}`)).toBeUndefined();
    expect(findDeepNesting(`{"a": "\\"${'['.repeat(3)}"}`, 2)).toBeUndefined();
    expect(findDeepNesting('[\n[\n[\n]]]', 2)).toBe(4);
  });

  it('keeps tool arguments nested past the limit as their text, which any code can walk', () => {
    const input = toolCallInput(nested(6000));
    expect(input).toBe(nested(6000));
    expect(() => JSON.stringify(input)).not.toThrow();
    expect(toolCallInput('{"a": [1]}')).toEqual({ a: [1] });
  });
});
