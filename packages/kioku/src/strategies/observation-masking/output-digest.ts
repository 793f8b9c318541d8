import { extractIndicators } from '../summarization/facts/extract-indicators.js';

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
// Ids that mix letters and digits (`credit_card_7434610`, `4NQLHD`, `HAT067`), 4+ characters.
const idPattern = /(?<![\w./-])(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[A-Za-z0-9][\w-]{3,63}(?![\w-])/g;
// Paths with at least one separator: `/etc/hosts`, `src/app/main.py`, `./run.sh`.
const pathPattern = /(?<![\w:/.-])(?:\.{0,2}\/)?[\w.-]+(?:\/[\w.-]+)+\/?/g;
// Numbers of 3 or more digits, decimals and amounts included (`1234`, `86.5`, `2024-05-01` stays a date).
const numberPattern = /(?<![\w.])\d[\d,]*(?:\.\d+)?(?!\.?\w)/g;

/**
 * What an agent is likely to act on in a tool output, as short items, so a masked output's placeholder
 * can keep them: key–value pairs (the scalar leaves of a JSON output as `key=value` under their nearest key, else lines such as
 * `status: active`), then indicators of compromise (IPs, URLs, domains, e-mail addresses, hashes, CVE
 * ids), paths, ids that mix letters and digits, and numbers of 3+ digits, each once, in that order of
 * priority and then of first appearance, until `maxCharacters` (items joined by `; `) is reached. The
 * output is untrusted: only these short items are taken, never a whole line longer than a value.
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
  const add = (item: string, value = item): boolean => {
    if (full) return false;
    if (seen.has(value) || seen.has(item) || keptText.includes(value)) return true;
    const cost = item.length + (items.length === 0 ? 0 : 2);
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

  for (const [key, value] of keyValues(text)) {
    if (!add(`${key}=${value}`, value)) return items;
  }
  for (const { value } of extractIndicators(text)) if (!add(value)) return items;
  for (const pattern of [pathPattern, idPattern, numberPattern]) {
    for (const match of text.matchAll(pattern)) {
      const value = match[0].replace(/[.,]+$/, '');
      if (pattern === numberPattern && value.replace(/\D/g, '').length < 3) continue;
      if (!add(value)) return items;
    }
  }
  return items;
}

/** The key–value pairs of a text: a JSON document's scalar leaves, else its `key: value` lines. */
function keyValues(text: string): [string, string][] {
  const trimmed = text.trim();
  if (trimmed.length <= maxJsonLength && (trimmed.startsWith('{') || trimmed.startsWith('['))) {
    try {
      const pairs: [string, string][] = [];
      collectLeaves(JSON.parse(trimmed), '', pairs);
      return pairs;
    } catch {
      // Not JSON: read it as lines.
    }
  }
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

/** The scalar leaves of a JSON value under their nearest key (an array's items under the array's). */
function collectLeaves(value: unknown, path: string, pairs: [string, string][]): void {
  if (Array.isArray(value)) {
    for (const item of value) collectLeaves(item, path, pairs);
    return;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      collectLeaves(item, key, pairs);
    }
    return;
  }
  if (path === '' || value === null || value === undefined || typeof value === 'boolean') return;
  const text = String(value);
  if (text === '' || text.length > maxValueLength) return;
  pairs.push([path, text]);
}
