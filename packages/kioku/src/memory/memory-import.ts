import { MemoryImportError } from '../errors/memory-import-error.js';
import type { Memory, RejectedClaim } from './memory.js';

/** One line of a memory import file. */
export interface MemoryImportRecord {
  /** 1-based line number in the file. */
  line: number;
  claim: string;
  /** The request the claim was learned from; recall compares new requests with it. */
  queryText: string;
  /** Score to start from (default 0); an export carries it, so export then import keeps scores. */
  score?: number;
}

/** What {@link importMemories} did with each record. */
export interface MemoryImportResult {
  stored: number;
  merged: number;
  rejected: (RejectedClaim & { line: number })[];
}

/**
 * Reads JSON Lines of `{"claim": "…", "queryText": "…", "score"?: n}` (other fields, such as those of
 * `kioku memory export`, are ignored; blank lines are skipped). Throws `MemoryImportError` naming the
 * file and line of the first bad one, so nothing is imported from a broken file.
 */
export function parseMemoryImport(text: string, { file }: { file: string }): MemoryImportRecord[] {
  const records: MemoryImportRecord[] = [];
  for (const [index, raw] of text.split('\n').entries()) {
    const line = index + 1;
    if (raw.trim() === '') continue;
    const problem = (expected: string, found?: string) =>
      new MemoryImportError({
        file,
        location: `line ${line}`,
        expected,
        ...(found === undefined ? {} : { found }),
      });
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      throw new MemoryImportError({
        file,
        location: `line ${line}`,
        expected: 'one JSON object per line',
        found: (error as Error).message,
        cause: error,
      });
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw problem(
        'a JSON object {"claim": "…", "queryText": "…"}',
        Array.isArray(value) ? 'an array' : String(value),
      );
    }
    const { claim, queryText, score } = value as Record<string, unknown>;
    if (typeof claim !== 'string' || claim.trim() === '')
      throw problem('"claim": a non-empty string', describe(claim));
    if (typeof queryText !== 'string' || queryText.trim() === '') {
      throw problem('"queryText": the non-empty request the claim was learned from', describe(queryText));
    }
    if (score !== undefined && !Number.isSafeInteger(score))
      throw problem('"score": an integer', describe(score));
    records.push({ line, claim, queryText, ...(score === undefined ? {} : { score: score as number }) });
  }
  return records;
}

/**
 * Learns every record into `memory`, one transaction per record, through `Memory.learn`: instructions are
 * refused, secrets redacted, near-duplicates merged (keeping the higher score). Calls `onRecord` after each.
 */
export async function importMemories(
  memory: Memory,
  records: readonly MemoryImportRecord[],
  { onRecord }: { onRecord?: () => void } = {},
): Promise<MemoryImportResult> {
  const result: MemoryImportResult = { stored: 0, merged: 0, rejected: [] };
  for (const record of records) {
    const learned = await memory.learn({
      request: record.queryText,
      claims: [record.claim],
      ...(record.score === undefined ? {} : { initialScore: record.score }),
    });
    result.stored += learned.stored.length;
    result.merged += learned.merged.length;
    result.rejected.push(...learned.rejected.map((rejection) => ({ ...rejection, line: record.line })));
    onRecord?.();
  }
  return result;
}

function describe(value: unknown): string {
  return value === undefined ? 'nothing' : JSON.stringify(value);
}
