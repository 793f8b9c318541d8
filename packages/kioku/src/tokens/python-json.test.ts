import { describe, expect, it } from 'vitest';
import { pythonJson } from './python-json.js';

describe('pythonJson', () => {
  it('uses Python json.dumps separators and keeps non-ASCII text', () => {
    expect(pythonJson({ a: [1, 'é', null], b: { c: true } })).toBe('{"a": [1, "é", null], "b": {"c": true}}');
    expect(pythonJson('line\n"quoted"')).toBe('"line\\n\\"quoted\\""');
  });
});
