import { remove as confusablesToLatin } from 'confusables';
import { type Encoding, textDecodings } from './text-decodings.js';

/** How a variant was de-obfuscated: a spelling folded back, or an encoding decoded (see `textDecodings`). */
export type Obfuscation = 'homoglyphs' | 'letter-spacing' | 'leetspeak' | 'rot13' | Encoding;

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
  // Only letters outside ASCII are folded: the skeleton map would read ASCII `|`, `1` and `0` as `l`,
  // `l` and `O` (breaking `| sh`). It reads capital I and its lookalikes (Greek Ι, Cyrillic І) as `l`:
  // they are I here.
  const skeleton = unmarked
    .replace(/[\u0399\u0406\u04C0\u01C0]/gu, 'I')
    .replace(/\u03B9/gu, 'i')
    .replace(/[^\p{ASCII}]+/gu, (run) => confusablesToLatin(run));
  add(skeleton, 'homoglyphs');
  const closed = closeLetterSpacing(skeleton);
  add(closed, 'letter-spacing');
  add(spellLeetspeak(skeleton), 'leetspeak');
  add(spellLeetspeak(closed), 'leetspeak');
  // Written in leetspeak throughout, numbers that are words too ("15" for "is").
  for (const reading of [skeleton, closed]) {
    if (leetWords(reading) >= 3) add(spellLeetspeak(reading, true), 'leetspeak');
  }
  add(rot13(skeleton), 'rot13');
  for (const decoded of textDecodings(text)) add(decoded.text, decoded.encoding);
  return variants;
}

const folds = new Set<Obfuscation>(['homoglyphs', 'letter-spacing', 'leetspeak', 'rot13']);

/** Whether an obfuscation decodes text into other text, which is then checked whole, its own obfuscations included. */
export function isDecoding(obfuscation: Obfuscation): boolean {
  return !folds.has(obfuscation);
}

function rot13(text: string): string {
  return text.replace(/[a-z]/gi, (letter) => {
    const base = letter <= 'Z' ? 65 : 97;
    return String.fromCharCode(((letter.charCodeAt(0) - base + 13) % 26) + base);
  });
}

function closeLetterSpacing(text: string): string {
  // Dotted or dashed letters, each word on its own: `i.g.n.o.r.e`, `i-g-n-o-r-e`, `t.h.e`.
  // A separator before other punctuation (`s.:`) belongs to the run.
  const dotted = text.replace(
    /(?<![\p{L}\d])\p{L}(?:[.\-_*·]\p{L}(?![\p{L}\d])){1,}(?:\.(?=[:;,!?]))?/gu,
    (run) => run.replace(/[.\-_*·]/gu, ''),
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

// Words that mix letters with leet symbols.
function leetWords(text: string): number {
  return text.match(/\S*\p{L}\S*/gu)?.filter((word) => /[01345789@$!|]/.test(word)).length ?? 0;
}

function spellLeetspeak(text: string, numbersToo = false): string {
  // Only in words that mix letters with leet symbols (and, with `numbersToo`, in bare numbers): IP
  // addresses, times and versions (digits with `.` or `:` inside) stay as they are.
  return text.replace(/\S+/g, (word) =>
    (/\p{L}/u.test(word) || (numbersToo && !/\d[.:]\d/.test(word))) && /[01345789@$!|]/.test(word)
      ? word.replace(/[01345789@$!|]/g, (symbol) => leet[symbol] ?? symbol)
      : word,
  );
}
