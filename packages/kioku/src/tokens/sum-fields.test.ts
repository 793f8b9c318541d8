import { describe, expect, it } from 'vitest';
import { sumFields } from './sum-fields.js';

describe('sumFields', () => {
  it('adds the named fields and leaves the others out', () => {
    const rows = [
      { name: 'a', tokens: 3, cost: 0.5 },
      { name: 'b', tokens: 4, cost: 0.25 },
    ];
    expect(sumFields(rows, ['tokens', 'cost'])).toEqual({ tokens: 7, cost: 0.75 });
  });

  it('gives 0 for every field when there is nothing to add', () => {
    expect(sumFields<{ tokens: number }, 'tokens'>([], ['tokens'])).toEqual({ tokens: 0 });
  });
});
