import { extractIndicators } from '../strategies/summarization/facts/extract-indicators.js';
import { stopWords } from '../text/stop-words.js';
import type { DistinctiveFact, DistinctiveFactKind } from './distinctive-fact.js';

const unixPath = /(?<![\w:/.~-])(?:~|\.{1,2})?\/?(?:[\w.@+-]+\/)+[\w.@+-]*/g;
const windowsPath = /(?<![\w\\])(?:[a-z]:|\\\\[\w.$-]+)\\(?:[^\\\s"'<>|*?]+\\)*[^\\\s"'<>|*?]*/gi;
const quoted = /(["'`])([^"'`\n]{4,200}?)\1/g;
const token = /(?<![\w-])[A-Za-z0-9][\w-]*[A-Za-z0-9](?![\w-])/g;
const number = /(?<![\w.,])\d+(?:,\d{3})*(?:\.\d+)?(?![\w.]\w|\w)/g;
const sqlStatement =
  /\b(?:select\b[\s\S]*\bfrom|insert\s+into|update\s+\w+\s+set|delete\s+from|describe|show\s+(?:tables|columns))\b/i;
const sqlKeywords = new Set(
  (
    'select from where and or not in is null like between join inner outer left right full cross on as ' +
    'group by order having limit offset distinct count sum avg min max case when then else end union all ' +
    'insert into values update set delete create table drop alter index describe desc asc show tables ' +
    'columns with exists any true false interval date time timestamp cast convert lower upper substring ' +
    'concat coalesce ifnull now curdate database databases use'
  ).split(' '),
);
/** Characters prose seldom has and code, commands and records do. */
const codeCharacter = /[=(){}[\];<>|$`\\]/g;

/**
 * The distinctive facts of a text, each once, in order of first appearance: indicators (`extractIndicators`:
 * IPs, URLs, domains, e-mails, hashes, CVEs), paths (Unix with a `/`, Windows with a drive or share), ids
 * (letters and digits mixed, 5+ characters: `credit_card_7434610`, `4NQLHD`), numbers of 3+ digits, code
 * identifiers of 6+ characters (with an underscore, a digit, an inner capital or all capitals: plain words
 * are no identifiers), quoted strings of 4+ characters (three of them letters or digits), lines of 20+ characters that read as code rather
 * than prose, and in SQL the table and column names. Noise filters: stop words and SQL keywords are never
 * facts, and neither are plain words.
 *
 * @example
 * extractDistinctiveFacts('Paid with credit_card_7434610 for 1,284 USD');
 * // [{ kind: 'id', value: 'credit_card_7434610' }, { kind: 'number', value: '1,284' }]
 */
export function extractDistinctiveFacts(text: string): DistinctiveFact[] {
  const found: DistinctiveFact[] = [];
  const seen = new Set<string>();
  const add = (kind: DistinctiveFactKind, value: string) => {
    if (value.length < 3 || seen.has(value) || stopWords.has(value.toLowerCase())) return;
    seen.add(value);
    found.push({ kind, value });
  };
  for (const indicator of extractIndicators(text)) add(indicator.kind, indicator.value);
  const rest = text.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, (url) => ' '.repeat(url.length));
  const lines = text.split(/\r?\n/);
  for (const [index, line] of rest.split(/\r?\n/).entries()) {
    const trimmed = (lines[index] ?? '').trim();
    if (trimmed.length >= 20 && isCode(line.trim())) add('code-line', trimmed);
  }
  for (const match of text.matchAll(quoted)) {
    // Text between the closing quote of one string and the opening quote of the next (`"], df["`) is
    // no string: a string starts and ends with no space and holds three letters or digits.
    const value = match[2] ?? '';
    if (value.trim() === value && (value.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 3) add('quoted', value);
  }
  for (const match of rest.matchAll(windowsPath)) add('path', match[0]);
  for (const match of rest.matchAll(unixPath)) {
    const value = match[0];
    if (/[a-z]/i.test(value) && value.replaceAll('/', '').length >= 2) add('path', value);
  }
  const sql = sqlStatement.test(text);
  for (const match of rest.matchAll(token)) {
    const value = match[0];
    const kind = tokenKind(value, sql);
    if (kind !== undefined) add(kind, value);
  }
  for (const match of rest.matchAll(number)) {
    if ((match[0].match(/\d/g)?.length ?? 0) >= 3) add('number', match[0]);
  }
  return found;
}

/** An id (letters and digits, 5+), a code identifier (6+), a name in SQL, or nothing. */
function tokenKind(value: string, sql: boolean): DistinctiveFactKind | undefined {
  if (/\d/.test(value) && /[a-z]/i.test(value)) return value.length >= 5 ? 'id' : undefined;
  if (sqlKeywords.has(value.toLowerCase())) return undefined;
  if (value.length >= 6 && isIdentifier(value)) return 'identifier';
  return sql && value.length >= 3 && /^[a-z_]/i.test(value) ? 'sql-name' : undefined;
}

/** Code-like: an underscore or a digit (`user_id`), an inner capital (`getUser`, `SigninLogs`), all capitals. */
function isIdentifier(value: string): boolean {
  if (!/^[A-Za-z_]/.test(value)) return false;
  return /[_\d]/.test(value) || /[a-z][A-Z]/.test(value) || /^[A-Z][A-Z]+$/.test(value);
}

/**
 * A line of code or a command rather than a sentence: a character of code, and not mostly plain words
 * (unless it has three).
 */
function isCode(line: string): boolean {
  const codeCharacters = line.match(codeCharacter)?.length ?? 0;
  if (codeCharacters >= 3) return true;
  const words = line.split(/\s+/);
  const plain = words.filter((word) => /^[\p{L}]+[,.;:!?]?$/u.test(word)).length;
  return codeCharacters >= 1 && plain < words.length * 0.8;
}
