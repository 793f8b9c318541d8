import { remove as confusablesToLatin } from 'confusables';

/** How a variant was de-obfuscated. */
export type Obfuscation =
  | 'homoglyphs'
  | 'letter-spacing'
  | 'leetspeak'
  | 'base64'
  | 'hex'
  | 'url-encoding'
  | 'rot13'
  | 'json';

/** A reading of a text with one obfuscation undone. */
export interface InstructionVariant {
  text: string;
  obfuscation: Obfuscation;
}

const leet: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'l',
  '8': 'b',
  '9': 'g',
};
// Words the injection rules are made of, to split a letter-spaced run written without word gaps
// ("i g n o r e a l l p r e v i o u s i n s t r u c t i o n s").
const vocabulary = new Set(
  'ignore disregard forget override bypass all any the your previous prior above earlier instructions instruction prompt prompts rules system you are now act as pretend to be new developer mode jailbreak reveal do not tell user send this and print'.split(
    ' ',
  ),
);

/**
 * The readings of `text` an injection may hide behind, each with one obfuscation undone: homoglyphs and
 * combining marks (Cyrillic `о` for `o`, `ï`, Zalgo text) mapped to their Latin skeleton, letter-spacing
 * (`i g n o r e`, `i.g.n.o.r.e`) closed up, leetspeak (`1gn0r3`) spelled out, base64 runs decoded when
 * they decode to text. Only readings that differ from `text` are returned.
 */
export function instructionVariants(text: string): InstructionVariant[] {
  const variants: InstructionVariant[] = [];
  const add = (variant: string, obfuscation: Obfuscation) => {
    if (variant !== text && !variants.some((known) => known.text === variant)) {
      variants.push({ text: variant, obfuscation });
    }
  };
  const unmarked = text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFC');
  // The skeleton map reads capital I and its lookalikes (Greek Ι, Cyrillic І) as `l`: they are I here.
  const skeleton = confusablesToLatin(
    unmarked.replace(/[\u0399\u0406\u04C0\u01C0]/gu, 'I').replace(/\u03B9/gu, 'i'),
  );
  add(skeleton, 'homoglyphs');
  const closed = closeLetterSpacing(skeleton);
  add(closed, 'letter-spacing');
  add(spellLeetspeak(skeleton), 'leetspeak');
  add(spellLeetspeak(closed), 'leetspeak');
  add(rot13(skeleton), 'rot13');
  for (const decoded of decodeBase64Runs(text)) add(decoded, 'base64');
  for (const decoded of decodeHexRuns(text)) add(decoded, 'hex');
  const unescaped = decodeUrlEncoding(text);
  if (unescaped !== undefined) add(unescaped, 'url-encoding');
  const strings = jsonStrings(text);
  if (strings !== undefined) add(strings, 'json');
  return variants;
}

/** Whether an obfuscation decodes text into other text, which is then checked whole, its own obfuscations included. */
export function isDecoding(obfuscation: Obfuscation): boolean {
  return (
    obfuscation === 'base64' ||
    obfuscation === 'hex' ||
    obfuscation === 'url-encoding' ||
    obfuscation === 'json'
  );
}

function rot13(text: string): string {
  return text.replace(/[a-z]/gi, (letter) => {
    const base = letter <= 'Z' ? 65 : 97;
    return String.fromCharCode(((letter.charCodeAt(0) - base + 13) % 26) + base);
  });
}

// Runs of hex digits (optionally `0x`-prefixed) that decode to text: a hash decodes to bytes, not words.
function decodeHexRuns(text: string): string[] {
  const decoded: string[] = [];
  for (const [run] of text.matchAll(/(?:[0-9a-f]{2}){12,}|(?:[0-9A-F]{2}){12,}/g)) {
    const plain = Buffer.from(run, 'hex').toString('utf8');
    if (readsAsText(plain)) decoded.push(plain);
  }
  return decoded;
}

// Percent-encoding (`%20`, or `+` for a space in a query): decoded when an escape is there.
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

function closeLetterSpacing(text: string): string {
  // Dotted or dashed letters: `i.g.n.o.r.e`, `i-g-n-o-r-e`.
  const dotted = text.replace(/(?<![\p{L}\d])\p{L}(?:[.\-_*·]\p{L}(?![\p{L}\d])){3,}/gu, (run) =>
    run.replace(/[.\-_*·]/gu, ''),
  );
  // Spaced letters (four single characters in a row): one space joins letters, two or more part words.
  if (!/(?:(?<!\S)\S ){4}/u.test(dotted)) return dotted;
  return dotted
    .split(/\s{2,}/u)
    .map((word) => {
      const joined = word.replace(/(?<=(?<!\S)\S) (?=\S(?!\S))/gu, '');
      return /^\p{L}{13,}$/u.test(joined) ? (splitWords(joined.toLowerCase()) ?? joined) : joined;
    })
    .join(' ');
}

// Word break over the vocabulary, longest word first; undefined when the run is not made of it.
function splitWords(run: string): string | undefined {
  const best: (string[] | undefined)[] = [[]];
  for (let end = 1; end <= run.length; end++) {
    for (let begin = Math.max(0, end - 12); begin < end; begin++) {
      const prefix = best[begin];
      if (prefix !== undefined && vocabulary.has(run.slice(begin, end))) {
        best[end] = [...prefix, run.slice(begin, end)];
        break;
      }
    }
  }
  return best[run.length]?.join(' ');
}

function spellLeetspeak(text: string): string {
  // Only in words that mix letters with leet symbols: IP addresses and counts stay as they are.
  return text.replace(/\S+/g, (word) =>
    /\p{L}/u.test(word) && /[01345789@$!|]/.test(word)
      ? word.replace(/[01345789@$!|]/g, (symbol) => leet[symbol] ?? symbol)
      : word,
  );
}

function decodeBase64Runs(text: string): string[] {
  const decoded: string[] = [];
  for (const [run] of text.matchAll(/[A-Za-z0-9+/_-]{16,}={0,2}/g)) {
    const plain = Buffer.from(run, 'base64').toString('utf8');
    if (readsAsText(plain)) decoded.push(plain);
  }
  return decoded;
}

// A hash or random key decodes to bytes, not words: most characters printable, some spaces, letters.
function readsAsText(plain: string): boolean {
  if (plain.length < 8 || plain.includes('\uFFFD')) return false;
  const printable = plain.match(/[\p{L}\p{N}\p{P}\p{Zs}]/gu)?.length ?? 0;
  return printable / [...plain].length >= 0.95 && /\s/.test(plain) && /\p{L}{2}/u.test(plain);
}
