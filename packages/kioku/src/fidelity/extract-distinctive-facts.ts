import { extractIndicators } from '../strategies/summarization/facts/extract-indicators.js';
import { stopWords } from '../text/stop-words.js';
import type { DistinctiveFact, DistinctiveFactKind } from './distinctive-fact.js';
import { languageNames } from './language-names.js';
import { sqlRegions } from './sql-regions.js';

const unixPath = /(?<![\w:/.~-])(?:~|\.{1,2})?\/?(?:[\w.@+-]+\/)+[\w.@+-]*/g;
const windowsPath = /(?<![\w\\])(?:[a-z]:|\\\\[\w.$-]+)\\(?:[^\\\s"'<>|*?]+\\)*[^\\\s"'<>|*?]*/gi;
const quoted = /(["'`])([^"'`\n]{4,200}?)\1/g;
const token = /(?<![\w-])[A-Za-z0-9][\w-]*[A-Za-z0-9](?![\w-])/g;
const number = /(?<![\w.,])\d+(?:,\d{3})*(?:\.\d+)?(?![\w.]\w|\w)/g;
/** A string literal inside SQL: its words are values the agent chose, not names. */
const sqlLiteral = /'(?:[^'\\]|\\.|'')*'|"(?:[^"\\]|\\.)*"/g;
const sqlKeywords = new Set(
  (
    'select from where and or not in is null like between join inner outer left right full cross on as ' +
    'group by order having limit offset distinct count sum avg min max case when then else end union all ' +
    'insert into values update set delete create table drop alter index describe desc asc show tables ' +
    'columns with exists any true false interval date time timestamp cast convert lower upper substring ' +
    'concat coalesce ifnull now curdate database databases use trim ltrim rtrim round length replace ' +
    'substr instr locate regexp rlike ilike greatest least abs floor ceil hour minute second day month ' +
    'year week extract position strftime datetime julianday json_extract json_unquote date_format ' +
    'date_sub date_add str_to_date unix_timestamp from_unixtime group_concat nullif current_timestamp ' +
    'current_date utc_timestamp char_length lcase ucase if iif cte rows row over partition explain'
  ).split(' '),
);
/** Characters prose seldom has and code, commands and records do. */
const codeCharacter = /[=(){}[\];<>|$`\\]/g;

/**
 * The distinctive facts of a text, each once, in order of first appearance: indicators (`extractIndicators`:
 * IPs, URLs, domains, e-mails, hashes, CVEs), paths (Unix with a `/`, Windows with a drive or share), ids
 * (letters and digits mixed, 5+ characters: `credit_card_7434610`, `4NQLHD`), numbers of 3+ digits, code
 * identifiers of 6+ characters (with an underscore, a digit, an inner capital or all capitals, but not a
 * shouted word of a capitalised sentence: plain words are no identifiers), quoted strings of 4+ characters
 * (three of them letters or digits), lines of 20+ characters that read as code rather than prose, and the
 * table and column names of SQL where the text holds SQL as code (the whole text, a fenced or inline code
 * span, a ReAct action's bracketed argument: `sqlRegions`), not the words of its string literals. Noise
 * filters: stop words and SQL keywords are never facts, and neither are plain words. Values any program
 * or agent writes without reading them — a language's builtin names (`ValueError`, `__init__`) and
 * whole numbers under 1,000 — are marked `generic`: whether one counts depends on the run (`fidelityMeter`).
 *
 * @example
 * extractDistinctiveFacts('Paid with credit_card_7434610 for 1,284 USD');
 * // [{ kind: 'id', value: 'credit_card_7434610' }, { kind: 'number', value: '1,284' }]
 */
export function extractDistinctiveFacts(text: string): DistinctiveFact[] {
  const found: DistinctiveFact[] = [];
  const seen = new Set<string>();
  const add = (kind: DistinctiveFactKind, value: string, generic = false) => {
    if (value.length < 3 || seen.has(value) || stopWords.has(value.toLowerCase())) return;
    seen.add(value);
    found.push(generic || languageNames.has(value) ? { kind, value, generic: true } : { kind, value });
  };
  for (const indicator of extractIndicators(text)) add(indicator.kind, indicator.value);
  // URLs are indicators already; an escape written out in code (`print("\nDone")`) starts no word.
  const rest = text
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, (url) => ' '.repeat(url.length))
    .replace(/\\[nrt](?=\w)/g, '  ');
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
  const sql = sqlNamePositions(text);
  for (const match of rest.matchAll(token)) {
    const value = match[0];
    const at = match.index ?? 0;
    const kind = tokenKind(value, { sql: sql(at), shouted: isShouted(rest, at, value) });
    if (kind !== undefined) add(kind, value);
  }
  for (const match of rest.matchAll(number)) {
    // A whole number under 1,000 (a line count, a status, a limit) is generic; a decimal is a reading.
    const generic = !match[0].includes('.') && Number(match[0].replaceAll(',', '')) < 1000;
    if ((match[0].match(/\d/g)?.length ?? 0) >= 3) add('number', match[0], generic);
  }
  return found;
}

/** Whether a position of `text` is where SQL names a table or column: inside SQL code, outside a literal. */
function sqlNamePositions(text: string): (at: number) => boolean {
  const regions = sqlRegions(text);
  if (regions.length === 0) return () => false;
  const literals: Array<[number, number]> = [];
  for (const [start, end] of regions) {
    for (const match of text.slice(start, end).matchAll(sqlLiteral)) {
      const from = start + (match.index ?? 0);
      literals.push([from, from + match[0].length]);
    }
  }
  const within = (ranges: Array<[number, number]>, at: number) =>
    ranges.some(([start, end]) => at >= start && at < end);
  return (at) => within(regions, at) && !within(literals, at);
}

/**
 * An id (letters and digits, 5+), a code identifier (6+; not a word in capitals on a line that shouts), a
 * name in SQL, or nothing.
 */
function tokenKind(
  value: string,
  { sql, shouted }: { sql: boolean; shouted: boolean },
): DistinctiveFactKind | undefined {
  if (/\d/.test(value) && /[a-z]/i.test(value)) return value.length >= 5 ? 'id' : undefined;
  if (sqlKeywords.has(value.toLowerCase())) return undefined;
  if (value.length >= 6 && isIdentifier(value) && !shouted) return 'identifier';
  return sql && value.length >= 3 && /^[a-z_]/i.test(value) ? 'sql-name' : undefined;
}

/** Code-like: an underscore or a digit (`user_id`), an inner capital (`getUser`, `SigninLogs`), all capitals. */
function isIdentifier(value: string): boolean {
  if (!/^[A-Za-z_]/.test(value)) return false;
  return /[_\d]/.test(value) || /[a-z][A-Z]/.test(value) || /^[A-Z][A-Z]+$/.test(value);
}

/**
 * Whether `value` at `at` is a word in capitals among others on its line (`YOU ARE BEING TRANSFERRED`): a
 * sentence written in capitals, not a constant.
 */
function isShouted(text: string, at: number, value: string): boolean {
  if (!/^[A-Z]+$/.test(value)) return false;
  const start = text.lastIndexOf('\n', at) + 1;
  const end = text.indexOf('\n', at);
  const line = text.slice(start, end === -1 ? text.length : end);
  return (line.match(/\b[A-Z]{2,}\b/g)?.length ?? 0) >= 3;
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
