/**
 * Where `text` stops being JSON: the offset of the first character a JSON parser cannot accept (the
 * length of the text when it ends too early), and what was expected there; undefined when it is valid.
 * V8's `JSON.parse` names the position only for some errors, so alert errors locate it with this scanner.
 */
export function jsonErrorPosition(text: string): { position: number; expected: string } | undefined {
  let at = 0;
  const fail: (expected: string) => never = (expected) => {
    throw { position: at, expected };
  };
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at] ?? '')) at += 1;
  };
  const literal = (word: string) => {
    if (text.slice(at, at + word.length) !== word) fail(`the literal ${word}`);
    at += word.length;
  };
  const string = () => {
    at += 1;
    for (;;) {
      const char = text[at];
      if (char === undefined) fail('a closing "');
      if (char === '"') {
        at += 1;
        return;
      }
      if (char === '\\') {
        const escaped = text[at + 1];
        if (escaped === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) fail('four hex digits after \\u');
          at += 6;
        } else if (escaped !== undefined && '"\\/bfnrt'.includes(escaped)) at += 2;
        else fail('an escape: \\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX');
      } else if ((char.codePointAt(0) ?? 0) < 0x20) fail('an escaped control character (\\n, \\t, \\u0000…)');
      else at += 1;
    }
  };
  const number = () => {
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(at));
    if (match === null || match[0] === '-')
      fail('a value (object, array, string, number, true, false or null)');
    at += match?.[0].length ?? 0;
  };
  const value = (): void => {
    space();
    const char = text[at];
    if (char === '{') {
      at += 1;
      space();
      if (text[at] === '}') {
        at += 1;
        return;
      }
      for (;;) {
        space();
        if (text[at] !== '"') fail('a property name in double quotes');
        string();
        space();
        if (text[at] !== ':') fail("':' after the property name");
        at += 1;
        value();
        space();
        if (text[at] === '}') {
          at += 1;
          return;
        }
        if (text[at] !== ',') fail("',' or '}' after a property value");
        at += 1;
      }
    }
    if (char === '[') {
      at += 1;
      space();
      if (text[at] === ']') {
        at += 1;
        return;
      }
      for (;;) {
        value();
        space();
        if (text[at] === ']') {
          at += 1;
          return;
        }
        if (text[at] !== ',') fail("',' or ']' after an array element");
        at += 1;
      }
    }
    if (char === '"') string();
    else if (char === 't') literal('true');
    else if (char === 'f') literal('false');
    else if (char === 'n') literal('null');
    else number();
  };
  try {
    value();
    space();
    if (at < text.length) fail('the end of the input after one JSON value');
    return undefined;
  } catch (error) {
    return error as { position: number; expected: string };
  }
}
