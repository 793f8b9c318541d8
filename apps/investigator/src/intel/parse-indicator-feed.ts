import { parse } from 'csv-parse/sync';
import {
  type Indicator,
  type IntelVerdict,
  intelVerdicts,
  normalizeIndicator,
  parseIndicator,
} from './indicator.js';
import { InvalidFeedError } from './invalid-feed-error.js';

/** One indicator of a feed, with what the feed says of it. */
export interface FeedEntry extends Indicator {
  verdict: IntelVerdict;
  description: string;
  tags: string[];
}

/** Options of {@link parseIndicatorFeed}. */
export interface ParseIndicatorFeedOptions {
  text: string;
  /** Names the file in errors; `.json` files are read as JSON, others as CSV or a plain list. */
  file: string;
  /** The verdict of entries that give none (default `malicious`: a blocklist). */
  defaultVerdict?: IntelVerdict;
}

const valueColumns = ['indicator', 'ioc', 'value'];
const kinds = new Set(['ipv4', 'ipv6', 'domain', 'url', 'email', 'md5', 'sha1', 'sha256', 'cve']);

/**
 * The indicators of an offline threat-intelligence feed:
 * - JSON: an array (or `{ "indicators": [...] }`) of strings or objects with `indicator` (or `ioc`,
 *   `value`) and optionally `type`/`kind`, `verdict`, `description`, `tags`;
 * - CSV with a header naming an `indicator` (or `ioc`, `value`) column and optionally `type`, `verdict`,
 *   `description`, `tags` (separated by `;` or `|`);
 * - a plain list, one indicator per line, `#` comments (the format of most public blocklists).
 * The kind, when not given, is recognised by kioku's extractor. Throws {@link InvalidFeedError} naming the
 * file, line and the problem.
 */
export function parseIndicatorFeed({
  text,
  file,
  defaultVerdict = 'malicious',
}: ParseIndicatorFeedOptions): FeedEntry[] {
  if (file.toLowerCase().endsWith('.json')) return fromJson(text, file, defaultVerdict);
  const lines = text.split(/\r?\n/);
  const headerIndex = lines.findIndex((line) => line.trim() !== '' && !line.trim().startsWith('#'));
  const header =
    headerIndex === -1
      ? []
      : (lines[headerIndex] ?? '')
          .toLowerCase()
          .split(/[,;\t]/)
          .map((cell) => cell.trim().replace(/^"|"$/g, ''));
  if (header.some((cell) => valueColumns.includes(cell))) {
    return fromCsv(text, file, defaultVerdict, delimiterOf(lines[headerIndex] ?? ''));
  }
  const entries: FeedEntry[] = [];
  lines.forEach((line, index) => {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    entries.push(entry({ value: trimmed }, file, index + 1, defaultVerdict));
  });
  if (entries.length === 0)
    throw new InvalidFeedError({ file, message: 'expected at least one indicator, found none' });
  return entries;
}

function fromJson(text: string, file: string, defaultVerdict: IntelVerdict): FeedEntry[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InvalidFeedError({
      file,
      message: `expected JSON (${error instanceof Error ? error.message : String(error)})`,
      cause: error,
    });
  }
  const list = Array.isArray(value) ? value : (value as { indicators?: unknown } | null)?.indicators;
  if (!Array.isArray(list)) {
    throw new InvalidFeedError({
      file,
      message: 'expected a JSON array of indicators, or an object with an "indicators" array',
    });
  }
  return list.map((item, index) => {
    const where = `${file} [${index}]`;
    if (typeof item === 'string') return entry({ value: item }, where, undefined, defaultVerdict);
    if (typeof item !== 'object' || item === null) {
      throw new InvalidFeedError({
        file: where,
        message: `expected a string or an object with "indicator", found ${JSON.stringify(item)}`,
      });
    }
    const record = item as Record<string, unknown>;
    const value = valueColumns.map((key) => record[key]).find((cell) => typeof cell === 'string');
    if (typeof value !== 'string')
      throw new InvalidFeedError({
        file: where,
        message: 'expected an "indicator" (or "ioc", "value") string',
      });
    const tags = Array.isArray(record.tags)
      ? record.tags.map(String)
      : typeof record.tags === 'string'
        ? splitTags(record.tags)
        : [];
    return entry(
      {
        value,
        kind: stringOf(record.type ?? record.kind),
        verdict: stringOf(record.verdict),
        description: stringOf(record.description),
        tags,
      },
      where,
      undefined,
      defaultVerdict,
    );
  });
}

function fromCsv(text: string, file: string, defaultVerdict: IntelVerdict, delimiter: string): FeedEntry[] {
  let records: Array<{ record: Record<string, string>; line: number }>;
  try {
    records = (
      parse(text, {
        columns: (header: string[]) => header.map((cell) => cell.trim().toLowerCase()),
        comment: '#',
        skip_empty_lines: true,
        trim: true,
        delimiter,
        info: true,
      }) as Array<{ record: Record<string, string>; info: { lines: number } }>
    ).map(({ record, info }) => ({ record, line: info.lines }));
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new InvalidFeedError({
      file,
      ...(line === undefined ? {} : { line }),
      message: `expected CSV with a header row (${error instanceof Error ? error.message : String(error)})`,
      cause: error,
    });
  }
  return records.map(({ record, line }) => {
    const value = valueColumns.map((key) => record[key]).find((cell) => cell !== undefined && cell !== '');
    if (value === undefined)
      throw new InvalidFeedError({
        file,
        line,
        message: 'expected a value in the indicator column, found none',
      });
    return entry(
      {
        value,
        kind: record.type ?? record.kind,
        verdict: record.verdict,
        description: record.description,
        tags: splitTags(record.tags ?? ''),
      },
      file,
      line,
      defaultVerdict,
    );
  });
}

function entry(
  {
    value,
    kind,
    verdict,
    description,
    tags = [],
  }: {
    value: string;
    kind?: string | undefined;
    verdict?: string | undefined;
    description?: string | undefined;
    tags?: string[];
  },
  file: string,
  line: number | undefined,
  defaultVerdict: IntelVerdict,
): FeedEntry {
  const at = { file, ...(line === undefined ? {} : { line }) };
  const givenKind = kind === undefined || kind === '' ? undefined : kind.toLowerCase();
  let indicator: Indicator | undefined;
  if (givenKind === undefined) {
    indicator = parseIndicator(value);
    if (indicator === undefined) {
      throw new InvalidFeedError({
        ...at,
        message: `expected one indicator (IP, domain, URL, e-mail, MD5/SHA-1/SHA-256, CVE), found ${JSON.stringify(value)}`,
      });
    }
  } else {
    if (!kinds.has(givenKind)) {
      throw new InvalidFeedError({
        ...at,
        message: `expected a type of ${[...kinds].join(', ')}, found ${JSON.stringify(kind)}`,
      });
    }
    indicator = normalizeIndicator({ kind: givenKind as Indicator['kind'], value });
  }
  const givenVerdict = verdict === undefined || verdict === '' ? defaultVerdict : verdict.toLowerCase();
  if (!(intelVerdicts as readonly string[]).includes(givenVerdict)) {
    throw new InvalidFeedError({
      ...at,
      message: `expected a verdict of ${intelVerdicts.join(', ')}, found ${JSON.stringify(verdict)}`,
    });
  }
  return { ...indicator, verdict: givenVerdict as IntelVerdict, description: description ?? '', tags };
}

/** The delimiter of a CSV header line: the most frequent of `,`, tab and `;`. */
function delimiterOf(header: string): string {
  const counts = [',', '\t', ';'].map((delimiter) => [delimiter, header.split(delimiter).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

function splitTags(text: string): string[] {
  return text
    .split(/[;|]/)
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
