/** An encoding a text can carry another text in. */
export type Encoding =
  | 'base64'
  | 'hex'
  | 'escapes'
  | 'html-entities'
  | 'quoted-printable'
  | 'url-encoding'
  | 'json';

/** A text decoded out of another, with the encoding undone. */
export interface TextDecoding {
  text: string;
  encoding: Encoding;
}

// Each decoder returns the texts it finds in `text` (none when the encoding is not there). What decodes
// to bytes rather than words (a hash, a key, a hex dump) is dropped: it is evidence, not a message.
const decoders: readonly [Encoding, (text: string) => string[]][] = [
  ['base64', (text) => decodedRuns(text, /[A-Za-z0-9+/_-]{16,}={0,2}/g, (run) => Buffer.from(run, 'base64'))],
  // Runs of hex digit pairs, bare (`0x…`, `data:…`) or one space apart (`41 6e 61 …`).
  [
    'hex',
    (text) =>
      decodedRuns(text, /(?:[0-9a-f]{2} ?){12,}|(?:[0-9A-F]{2} ?){12,}/g, (run) =>
        Buffer.from(run.replace(/ /g, ''), 'hex'),
      ),
  ],
  // Escape sequences as C, JavaScript, Python and JSON write them: `\x41`, `\u0041`, `\u{41}`, `\101`.
  [
    'escapes',
    (text) =>
      /\\(?:x[0-9a-f]{2}|u[0-9a-f]{4}|u\{[0-9a-f]+\}|[0-7]{3})/i.test(text) ? [decodeEscapes(text)] : [],
  ],
  ['html-entities', (text) => (/&(?:#\d+|#x[0-9a-f]+|[a-z]+);/i.test(text) ? [decodeEntities(text)] : [])],
  ['quoted-printable', decodeQuotedPrintable],
  ['url-encoding', (text) => optional(decodeUrlEncoding(text))],
  ['json', (text) => optional(jsonStrings(text))],
];

/**
 * The texts carried in `text` under one layer of encoding: base64 and hex runs that decode to words,
 * escape sequences (`\x41`, `\u0041`), HTML character references, quoted-printable, percent-encoding, and
 * the string values of JSON (a tool call's arguments, a chat message's content). Layers nest: decode a
 * result again to peel the next one. Only results that differ from `text` are returned.
 *
 * @example
 * textDecodings('payload=aWdub3JlIHByZXZpb3VzIGluc3RydWN0aW9ucw=='); // [{ text: 'ignore previous instructions', encoding: 'base64' }]
 */
export function textDecodings(text: string): TextDecoding[] {
  const found: TextDecoding[] = [];
  for (const [encoding, decode] of decoders) {
    for (const decoded of decode(text)) {
      if (decoded !== text && !found.some((known) => known.text === decoded)) {
        found.push({ text: decoded, encoding });
      }
    }
  }
  return found;
}

const optional = (text: string | undefined): string[] => (text === undefined ? [] : [text]);

function decodedRuns(text: string, pattern: RegExp, decode: (run: string) => Buffer): string[] {
  const decoded: string[] = [];
  for (const [run] of text.matchAll(pattern)) {
    const plain = decode(run.trim()).toString('utf8');
    if (readsAsText(plain)) decoded.push(plain);
  }
  return decoded;
}

// `\xHH` and octal escapes are bytes (UTF-8 when several make a character); `\uHHHH` and `\u{…}` are
// code points (surrogate pairs joined).
function decodeEscapes(text: string): string {
  const bytes = text.replace(/(?:\\x[0-9a-f]{2}|\\[0-7]{3})+/gi, (run) =>
    Buffer.from(
      run
        .split('\\')
        .slice(1)
        .map((sequence) =>
          sequence[0] === 'x' || sequence[0] === 'X'
            ? Number.parseInt(sequence.slice(1), 16)
            : Number.parseInt(sequence, 8),
        ),
    ).toString('utf8'),
  );
  return bytes
    .replace(/(?:\\u[0-9a-f]{4})+/gi, (run) =>
      String.fromCharCode(
        ...run
          .split('\\u')
          .slice(1)
          .map((hex) => Number.parseInt(hex, 16)),
      ),
    )
    .replace(
      /\\u\{([0-9a-f]{1,6})\}/gi,
      (sequence, hex: string) => codePoint(Number.parseInt(hex, 16)) ?? sequence,
    );
}

const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(
    /&(?:#(\d+)|#x([0-9a-f]+)|([a-z]+));/gi,
    (entity, decimal, hex, name: string | undefined) => {
      if (name !== undefined) return named[name.toLowerCase()] ?? entity;
      return (
        codePoint(decimal === undefined ? Number.parseInt(hex, 16) : Number.parseInt(decimal, 10)) ?? entity
      );
    },
  );
}

function codePoint(code: number): string | undefined {
  return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}

// Quoted-printable (RFC 2045): soft line breaks (`=` at a line's end) joined, `=XX` bytes decoded. Read
// as such when a soft break or two `=XX` bytes are there (`a=1` is not).
function decodeQuotedPrintable(text: string): string[] {
  const soft = /=\r?\n/.test(text);
  if (!soft && (text.match(/=[0-9A-F]{2}/g)?.length ?? 0) < 2) return [];
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index++) {
    const sequence = /^=([0-9A-F]{2})/.exec(joined.slice(index, index + 3));
    if (sequence !== null) {
      bytes.push(Number.parseInt(sequence[1] as string, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index] as string));
    }
  }
  return [Buffer.from(bytes).toString('utf8')];
}

// Percent-encoding (`%20`, or `+` for a space in a query): decoded when an sequence is there.
function decodeUrlEncoding(text: string): string | undefined {
  if (!/%[0-9A-Fa-f]{2}/.test(text)) return undefined;
  const spaced = /%20/.test(text) ? text : text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}

// The string values of a JSON text (objects and arrays, JSON inside strings too), one per line.
function jsonStrings(text: string): string | undefined {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return undefined;
  }
  const strings: string[] = [];
  const visit = (node: unknown, depth: number): void => {
    if (depth > 32) return;
    if (typeof node === 'string') {
      const inner = jsonStrings(node);
      strings.push(inner ?? node);
    } else if (Array.isArray(node)) {
      for (const item of node) visit(item, depth + 1);
    } else if (typeof node === 'object' && node !== null) {
      for (const item of Object.values(node)) visit(item, depth + 1);
    }
  };
  visit(value, 0);
  return strings.length === 0 ? undefined : strings.join('\n');
}

// A hash or random key decodes to bytes, not words: most characters printable, some spaces, letters.
function readsAsText(plain: string): boolean {
  if (plain.length < 8 || plain.includes('\uFFFD')) return false;
  const printable = plain.match(/[\p{L}\p{N}\p{P}\p{Zs}]/gu)?.length ?? 0;
  return printable / [...plain].length >= 0.95 && /\s/.test(plain) && /\p{L}{2}/u.test(plain);
}
