import { describe, expect, it } from 'vitest';
import { InvalidAlertError } from './invalid-alert-error.js';
import { parseAlertInput } from './parse-alert-input.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('parseAlertInput', () => {
  it('returns the text unchanged, BOM and whitespace included', () => {
    const text = '\uFEFF{ "a" : 1 ,\n"b":"\\u00e9"}\n\n';
    const { raw, value } = parseAlertInput({ bytes: bytes(text), input: 'a.json' });
    expect(raw).toBe(text);
    expect(new TextEncoder().encode(raw)).toEqual(bytes(text));
    expect(value).toEqual({ a: 1, b: 'é' });
  });

  it('names the input, line and column of a JSON error', () => {
    const error = (() => {
      try {
        parseAlertInput({ bytes: bytes('{\n  "a": 1,\n  "b": tru\n}'), input: 'alert.json' });
      } catch (caught) {
        return caught;
      }
    })();
    expect(InvalidAlertError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(
      'alert.json:3:8: expected valid JSON: the literal true, found "tru\\n}"',
    );
  });

  it('locates errors the parser does not place: bad escapes, control characters, trailing text', () => {
    expect(() => parseAlertInput({ bytes: bytes('{"a":"\\q"}'), input: 'x' })).toThrow(
      /^x:1:7: expected valid JSON: an escape/,
    );
    expect(() => parseAlertInput({ bytes: bytes('{"a":"\t"}'), input: 'x' })).toThrow(
      /^x:1:7: expected valid JSON: an escaped control/,
    );
    expect(() => parseAlertInput({ bytes: bytes('{} {}'), input: 'x' })).toThrow(
      /^x:1:4: expected valid JSON: the end of the input after one JSON value/,
    );
    expect(() => parseAlertInput({ bytes: bytes('\uFEFF{\n "a": 01}'), input: 'x' })).toThrow(
      /^x:2:8: expected valid JSON: ',' or '}'/,
    );
  });

  it('refuses what is not one object, bytes that are not UTF-8, and oversized input', () => {
    expect(() => parseAlertInput({ bytes: bytes('[{"a":1}]'), input: 'x' })).toThrow(
      'x:1:1: expected a JSON object (one alert), found an array',
    );
    expect(() => parseAlertInput({ bytes: bytes('  '), input: 'stdin' })).toThrow(
      'stdin: expected a JSON object, found nothing',
    );
    expect(() => parseAlertInput({ bytes: new Uint8Array([0x7b, 0xff, 0x7d]), input: 'x' })).toThrow(
      /expected UTF-8 text/,
    );
    expect(() => parseAlertInput({ bytes: bytes('{"a":"0123456789"}'), input: 'x', maxBytes: 10 })).toThrow(
      'x: expected an alert of at most 10 bytes, found 18 bytes',
    );
    expect(() => parseAlertInput({ bytes: bytes('{"a":1'), input: 'x' })).toThrow(
      "x:1:7: expected valid JSON: ',' or '}' after a property value, found the end of the input",
    );
  });

  it('refuses what the store cannot keep or readers cannot take, naming line and column: NUL, lone surrogates, deep nesting', () => {
    const message = (text: string) => {
      try {
        parseAlertInput({ bytes: bytes(text), input: 'body' });
      } catch (caught) {
        expect(InvalidAlertError.isInstance(caught)).toBe(true);
        return (caught as Error).message;
      }
      return 'accepted';
    };
    expect(message('{"a":\n "x\\u0000y"}')).toBe(
      'body:2:4: expected text without NUL characters, found "\\u0000"',
    );
    expect(message('{"a\\u0000": 1}')).toBe(
      'body:1:4: expected text without NUL characters, found "\\u0000"',
    );
    expect(message('{"a": "\\ud800"}')).toBe(
      'body:1:8: expected a Unicode character (a high surrogate escape followed by a low one), found the lone surrogate "\\\\ud800"',
    );
    expect(message('{"a": "\\udc00\\ud800"}')).toMatch(/^body:1:8: expected a Unicode character/);
    expect(message(`{"a": ${'['.repeat(65)}${']'.repeat(65)}}`)).toBe(
      'body:1:70: expected objects and arrays nested at most 64 deep, found nesting deeper than 64',
    );
    expect(message(`{"a": ${'['.repeat(63)}${']'.repeat(63)}}`)).toBe('accepted');
    expect(message('{"a": "\\ud83d\\ude00 \\\\u0000 [[[["}')).toBe('accepted');
  });
});
