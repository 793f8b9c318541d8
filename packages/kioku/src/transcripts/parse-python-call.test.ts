import { describe, expect, it } from 'vitest';
import { parsePythonCall } from './parse-python-call.js';

describe('parsePythonCall', () => {
  it('reads keyword and positional literal arguments', () => {
    expect(parsePythonCall("mv(source='final_report.pdf', destination='temp')")).toEqual({
      name: 'mv',
      args: { source: 'final_report.pdf', destination: 'temp' },
    });
    expect(parsePythonCall("sort('final_report.pdf')")).toEqual({
      name: 'sort',
      args: { arg0: 'final_report.pdf' },
    });
    expect(parsePythonCall('ls(a=True)')).toEqual({ name: 'ls', args: { a: true } });
    expect(
      parsePythonCall("book(seats=[1, 2.5, -3], meta={'a': None, \"b\": (1, 'x')}, note='it\\'s')"),
    ).toEqual({ name: 'book', args: { seats: [1, 2.5, -3], meta: { a: null, b: [1, 'x'] }, note: "it's" } });
    expect(parsePythonCall('now()')).toEqual({ name: 'now', args: {} });
  });

  it('says where the call broke and what was expected', () => {
    expect(() => parsePythonCall("cd(folder='doc")).toThrow(/expected a closing ' at character/);
    expect(() => parsePythonCall('cd(folder=x)')).toThrow(/expected a literal .* at character 11/);
    expect(() => parsePythonCall('cd() extra')).toThrow(/expected the end of the call at character 6/);
  });
});
