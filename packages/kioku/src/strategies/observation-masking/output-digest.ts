import { extractTextFacts } from '../summarization/facts/extract-text-facts.js';
import type { Fact } from '../summarization/facts/fact.js';

/** Options of {@link outputDigest}. */
export interface OutputDigestOptions {
  /** The digest's length limit, in characters (items that do not fit are left out); default 320. */
  maxCharacters?: number;
}

/** Longest value a key–value item keeps (a longer one is prose or a blob, not a value to act on). */
const maxValueLength = 60;
/** Texts longer than this are not parsed as JSON (the digest stays cheap on big outputs). */
const maxJsonLength = 200_000;

// A key (identifier-like, possibly quoted) and a short value on one line: `status: active`, `id=42`.
const keyValueLine = /^\s*["']?([A-Za-z_][\w.-]{0,40})["']?\s*[:=]\s*["']?([^\s"'][^"'\n]{0,80}?)["']?,?\s*$/;
// Numbers of 3 or more digits, decimals and amounts included (`1234`, `86.5`; not a date's or an id's parts).
const numberPattern = /(?<![\w.-])\d[\d,]*(?:\.\d+)?(?![\w-]|\.\w)/g;

/** The order a digest takes facts in: indicators, then names of machines and accounts, paths, identifiers. */
const factOrder: Record<Fact['kind'], number> = {
  ipv4: 0,
  ipv6: 0,
  url: 0,
  domain: 0,
  email: 0,
  md5: 0,
  sha1: 0,
  sha256: 0,
  cve: 0,
  host: 1,
  user: 1,
  path: 2,
  identifier: 3,
  instruction: 4,
};

/**
 * What an agent is likely to act on in a tool output, as short items, so a masked output's placeholder
 * can keep them: key–value pairs (the scalar leaves of a JSON output as `key=value` under their nearest
 * key, else lines such as `status: active`), then indicators of compromise (IPs, URLs, domains, e-mail
 * addresses, hashes, CVE ids; an address, user, path or hash with the machine its record named:
 * `10.0.0.5 (with WS01)`), host and user names, paths, identifiers (`credit_card_7434610`,
 * `DeviceProcessEvents`, `helpers.safe_infer`), and numbers of 3+ digits, each once, in that order of
 * priority and then of first appearance, until `maxCharacters` (items joined by `; `) is reached. A JSON
 * string too long to be a value (the text of an MCP result, `[{"type":"text","text":"…"}]`, or a
 * document's body) is read as text, so what it names is digested too. The output is untrusted: only these
 * short items are taken, never a whole line longer than a value.
 *
 * @example
 * outputDigest('{"user_id":"mia_li_3668","payment":{"id":"credit_card_7434610","balance":120}}');
 * // ['user_id=mia_li_3668', 'id=credit_card_7434610', 'balance=120']
 */
export function outputDigest(text: string, { maxCharacters = 320 }: OutputDigestOptions = {}): string[] {
  const items: string[] = [];
  const seen = new Set<string>();
  let used = 0;
  let full = false;
  let keptText = '';
  /** Adds an item unless seen (or already inside a kept item); false once the budget is spent. */
  const add = (item: string, value = item, bare = false): boolean => {
    if (full) return false;
    if (seen.has(value) || seen.has(item) || keptText.includes(value)) return true;
    const cost = item.length + (items.length === 0 ? 0 : 2);
    // `10.0.0.5 (with WS01)` may not fit where the address alone still does.
    if (used + cost > maxCharacters && bare) return add(value, value, false);
    if (used + cost > maxCharacters) {
      // A long item may not fit where a short one still does; stop only when nothing short would.
      if (maxCharacters - used < 8) full = true;
      return !full;
    }
    items.push(item);
    seen.add(item);
    seen.add(value);
    keptText += `\n${item}`;
    used += cost;
    return true;
  };

  const { pairs, texts } = keyValues(text);
  for (const [key, value] of pairs) {
    if (!add(`${key}=${value}`, value)) return items;
  }
  const facts = texts
    .flatMap((each) => extractTextFacts(each))
    .map((fact, order) => ({ fact, order }))
    .sort((a, b) => factOrder[a.fact.kind] - factOrder[b.fact.kind] || a.order - b.order);
  for (const { fact } of facts) {
    const item = fact.host === undefined ? fact.value : `${fact.value} (with ${fact.host})`;
    if (!add(item, fact.value, item !== fact.value)) return items;
  }
  for (const each of texts) {
    for (const match of each.matchAll(numberPattern)) {
      const value = match[0].replace(/[.,]+$/, '');
      if (value.replace(/\D/g, '').length < 3) continue;
      if (!add(value)) return items;
    }
  }
  return items;
}

/**
 * The key–value pairs of a text (a JSON document's short scalar leaves, else its `key: value` lines) and
 * the texts its facts are read from: the text itself, or a JSON document's long string leaves (the text
 * of an MCP result, a document's body), each read for pairs and facts in turn.
 */
function keyValues(text: string): { pairs: [string, string][]; texts: string[] } {
  const trimmed = text.trim();
  if (trimmed.length <= maxJsonLength && (trimmed.startsWith('{') || trimmed.startsWith('['))) {
    try {
      const pairs: [string, string][] = [];
      const texts: string[] = [];
      collectLeaves(JSON.parse(trimmed), '', pairs, texts);
      // The texts inside: their `key: value` lines too.
      for (const inner of texts) pairs.push(...keyValueLines(inner));
      // The values, one a line, for the facts (`OI5L9G`) a pair that does not fit would lose.
      return { pairs, texts: [pairs.map(([, value]) => value).join('\n'), ...texts] };
    } catch {
      // Not JSON: read it as lines.
    }
  }
  return { pairs: keyValueLines(text), texts: [text] };
}

/** The `key: value` lines of a text whose value is worth keeping (a digit, or one token). */
function keyValueLines(text: string): [string, string][] {
  const pairs: [string, string][] = [];
  for (const line of text.split(/[\n\r\u2028\u2029]/)) {
    const match = keyValueLine.exec(line);
    const key = match?.[1];
    const value = match?.[2]?.trim();
    if (key === undefined || value === undefined || value.length > maxValueLength) continue;
    // A value worth keeping carries a digit or is one token (`active`, `economy`), not a sentence.
    if (/\d/.test(value) || !/\s/.test(value)) pairs.push([key, value]);
  }
  return pairs;
}

/**
 * The scalar leaves of a JSON value under their nearest key (an array's items under the array's); a
 * string too long for a value goes to `texts`. An MCP content item (`{"type":"text","text":…}`) is its
 * text: its `type` is no value.
 */
function collectLeaves(value: unknown, path: string, pairs: [string, string][], texts: string[]): void {
  if (Array.isArray(value)) {
    for (const item of value) collectLeaves(item, path, pairs, texts);
    return;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    const content =
      (value as { type?: unknown }).type === 'text' && typeof (value as { text?: unknown }).text === 'string';
    for (const [key, item] of entries) {
      if (content && key === 'type') continue;
      collectLeaves(item, key, pairs, texts);
    }
    return;
  }
  if (value === null || value === undefined || typeof value === 'boolean') return;
  const text = String(value);
  if (text === '') return;
  if (text.length > maxValueLength) {
    if (typeof value === 'string') texts.push(text);
    return;
  }
  // A short string without a key (an array of strings at the top) is still read for its facts.
  if (path === '') texts.push(text);
  else pairs.push([path, text]);
}
