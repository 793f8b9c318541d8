/** A function call written in Python syntax, parsed: `cd(folder='document')`. */
export interface PythonCall {
  name: string;
  /** Keyword arguments by name; positional ones as `arg0`, `arg1`, … */
  args: Record<string, unknown>;
}

/**
 * Parses one Python call expression with literal arguments (strings, numbers, `True`/`False`/`None`,
 * lists, tuples, dicts), as BFCL writes its gold answers. Throws a `SyntaxError` naming the position and
 * what was expected.
 *
 * @example
 * parsePythonCall("mv(source='a.pdf', destination='temp')"); // { name: 'mv', args: { source: 'a.pdf', destination: 'temp' } }
 */
export function parsePythonCall(text: string): PythonCall {
  let position = 0;
  const fail = (expected: string): never => {
    throw new SyntaxError(
      `expected ${expected} at character ${position + 1} of ${JSON.stringify(text.slice(0, 200))}`,
    );
  };
  const space = () => {
    while (position < text.length && /\s/.test(text[position] ?? '')) position += 1;
  };
  const identifier = (): string => {
    space();
    const match = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(text.slice(position));
    if (match === null) return fail('a name');
    position += match[0].length;
    return match[0];
  };
  const expect = (character: string) => {
    space();
    if (text[position] !== character) fail(`"${character}"`);
    position += 1;
  };
  const string = (): string => {
    const quote = text[position];
    position += 1;
    let value = '';
    while (position < text.length && text[position] !== quote) {
      if (text[position] === '\\') {
        const next = text[position + 1] ?? '';
        value +=
          ({ n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"' } as Record<string, string>)[next] ??
          `\\${next}`;
        position += 2;
      } else {
        value += text[position];
        position += 1;
      }
    }
    if (position >= text.length) fail(`a closing ${quote}`);
    position += 1;
    return value;
  };
  const sequence = (close: string): unknown[] => {
    const items: unknown[] = [];
    space();
    while (text[position] !== close) {
      items.push(value());
      space();
      if (text[position] === ',') position += 1;
      else if (text[position] !== close) fail(`"," or "${close}"`);
      space();
    }
    position += 1;
    return items;
  };
  const value = (): unknown => {
    space();
    const character = text[position];
    if (character === "'" || character === '"') return string();
    if (character === '[') {
      position += 1;
      return sequence(']');
    }
    if (character === '(') {
      position += 1;
      return sequence(')');
    }
    if (character === '{') {
      position += 1;
      const entries: Record<string, unknown> = {};
      space();
      while (text[position] !== '}') {
        const key = value();
        expect(':');
        entries[String(key)] = value();
        space();
        if (text[position] === ',') position += 1;
        else if (text[position] !== '}') fail('"," or "}"');
        space();
      }
      position += 1;
      return entries;
    }
    const number = /^-?(\d+\.?\d*(e[-+]?\d+)?|\.\d+)/i.exec(text.slice(position));
    if (number !== null) {
      position += number[0].length;
      return Number(number[0]);
    }
    const word = /^(True|False|None)\b/.exec(text.slice(position));
    if (word !== null) {
      position += word[0].length;
      return word[0] === 'True' ? true : word[0] === 'False' ? false : null;
    }
    return fail('a literal (string, number, True/False/None, list, tuple or dict)');
  };

  const name = identifier();
  expect('(');
  const args: Record<string, unknown> = {};
  let positional = 0;
  space();
  while (text[position] !== ')') {
    const keyword = /^([A-Za-z_][A-Za-z0-9_]*)\s*=(?!=)/.exec(text.slice(position));
    if (keyword !== null) {
      position += keyword[0].length;
      args[keyword[1] ?? ''] = value();
    } else {
      args[`arg${positional}`] = value();
      positional += 1;
    }
    space();
    if (text[position] === ',') position += 1;
    else if (text[position] !== ')') fail('"," or ")"');
    space();
  }
  position += 1;
  space();
  if (position !== text.length) fail('the end of the call');
  return { name, args };
}
