import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonErrorPosition } from './json-error-position.js';

const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe('jsonErrorPosition', () => {
  it('accepts exactly what JSON.parse accepts', () => {
    fc.assert(
      fc.property(fc.json(), (text) => jsonErrorPosition(text) === undefined),
      { numRuns: 300 },
    );
    const jsonish = fc.stringMatching(/^[\s{}[\]",:\\a-z0-9.eE+-]{0,30}$/);
    fc.assert(
      fc.property(jsonish, (text) => (jsonErrorPosition(text) === undefined) === parses(text)),
      { numRuns: 2000 },
    );
  });

  it('points at the first character that cannot be JSON', () => {
    expect(jsonErrorPosition('{"a": [1, 2,, 3]}')).toEqual({
      position: 12,
      expected: 'a value (object, array, string, number, true, false or null)',
    });
    expect(jsonErrorPosition('{"a" 1}')).toEqual({ position: 5, expected: "':' after the property name" });
  });
});
