/** Options of {@link shrinkInput}. */
export interface ShrinkInputOptions {
  /** Characters kept from the first line of each long string (the command head, the SQL's start). */
  headCharacters: number;
  /** The text that stands for what was cut, given how many characters were cut. */
  note: (clearedCharacters: number) => string;
}

/**
 * A smaller copy of a tool call's input that still says what the action was. An object keeps its
 * top-level keys (providers check inputs against the tool's schema, loosely): each long string value
 * keeps the head of its first line followed by the note, each long non-string value becomes the note.
 * A string input is shrunk like a string value. A value is only replaced when that makes it shorter.
 * Returns `undefined` when nothing gets shorter (small inputs, arrays, numbers).
 */
export function shrinkInput(input: unknown, options: ShrinkInputOptions): unknown {
  if (typeof input === 'string') return shrinkString(input, options);
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  let changed = false;
  const shrunk: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const smaller = typeof value === 'string' ? shrinkString(value, options) : shrinkValue(value, options);
    changed ||= smaller !== undefined;
    // Defined, not assigned: an own `__proto__` key (JSON.parse makes one) would set the prototype instead.
    Object.defineProperty(shrunk, key, {
      value: smaller ?? value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return changed ? shrunk : undefined;
}

function shrinkString(value: string, { headCharacters, note }: ShrinkInputOptions): string | undefined {
  const lineEnd = value.indexOf('\n');
  const head = value.slice(0, Math.min(lineEnd === -1 ? value.length : lineEnd, headCharacters)).trimEnd();
  const cleared = note(value.length - head.length);
  const shrunk = head === '' ? cleared : `${head} ${cleared}`;
  return shrunk.length < value.length ? shrunk : undefined;
}

function shrinkValue(value: unknown, { note }: ShrinkInputOptions): string | undefined {
  const text = JSON.stringify(value);
  if (text === undefined) return undefined;
  const shrunk = note(text.length);
  return shrunk.length < text.length ? shrunk : undefined;
}
