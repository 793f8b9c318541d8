import type {
  LearnResult,
  MemoryImportResult,
  MemoryRecord,
  RecalledMemory,
  RedactionResult,
} from '../entry/store.js';
import { formatTable } from './format-table.js';

const oneLine = (text: string, width = 90) => {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
};
const day = (date: Date) => date.toISOString().slice(0, 16).replace('T', ' ');

// formatTable right-aligns every column but the first: the text column is appended, left-aligned.
function withText(header: string[], rows: (string | number)[][], texts: string[]): string {
  const lines = formatTable(header, rows).split('\n');
  const width = Math.max(...lines.map((line) => line.length));
  return lines
    .map((line, index) => `${line.padEnd(width)}  ${index === 0 ? 'claim' : texts[index - 1]}`)
    .join('\n');
}

/** `kioku memory list`: one line per memory. */
export function renderMemoryList(memories: readonly MemoryRecord[], total: number): string {
  if (memories.length === 0) return 'no memories';
  const table = withText(
    ['id', 'score', 'updated'],
    memories.map((memory) => [memory.id, memory.score, day(memory.updatedAt)]),
    memories.map((memory) => oneLine(memory.claim)),
  );
  return memories.length < total ? `${table}\n${memories.length} of ${total} memories shown` : table;
}

/** `kioku memory search`: matches with their similarity and score. */
export function renderSearch(found: readonly RecalledMemory[], threshold: number): string {
  if (found.length === 0) return `no memory with a similarity of at least ${threshold}`;
  return withText(
    ['id', 'similarity', 'score'],
    found.map((memory) => [memory.id, memory.similarity.toFixed(3), memory.score]),
    found.map((memory) => oneLine(memory.claim, 80)),
  );
}

/** `kioku memory show`: every field of one memory. */
export function renderMemory(memory: MemoryRecord): string {
  return [
    `id         ${memory.id}`,
    `namespace  ${memory.namespace}`,
    `score      ${memory.score}`,
    `created    ${memory.createdAt.toISOString()}`,
    `updated    ${memory.updatedAt.toISOString()}`,
    `claim      ${memory.claim}`,
    `request    ${memory.request}`,
  ].join('\n');
}

/** `kioku memory add`: what became of the claim, and what was redacted from the claim and the request. */
export function renderAdded(
  result: LearnResult,
  requestRedactions: RedactionResult['redactions'] = [],
): string {
  const [stored] = result.stored;
  if (stored !== undefined) {
    const list = (redactions: RedactionResult['redactions']) =>
      redactions.map(({ kind, count }) => `${count} ${kind}`).join(', ');
    const notes = [
      ...(stored.redactions.length > 0 ? [`redacted: ${list(stored.redactions)}`] : []),
      ...(requestRedactions.length > 0 ? [`redacted from the request: ${list(requestRedactions)}`] : []),
    ];
    return `stored memory ${stored.id}${notes.length === 0 ? '' : ` (${notes.join('; ')})`}`;
  }
  const [merged] = result.merged;
  if (merged !== undefined) {
    return `merged into memory ${merged.into.id} (similarity ${merged.similarity.toFixed(3)}, score ${merged.into.score})`;
  }
  return `rejected: ${describeRejection(result.rejected[0])}`;
}

/** `kioku memory import`: counts, and each rejected line. */
export function renderImport(result: MemoryImportResult, file: string): string {
  return [
    `${file}: ${result.stored} stored, ${result.merged} merged into existing memories, ${result.rejected.length} rejected`,
    ...result.rejected.map((rejection) => `  line ${rejection.line}: ${describeRejection(rejection)}`),
  ].join('\n');
}

/** Why a claim was refused, in words. */
export function describeRejection(rejection: LearnResult['rejected'][number] | undefined): string {
  switch (rejection?.reason) {
    case 'instruction':
      return `it reads as an instruction to the agent (${rejection.kind}: "${rejection.match}")`;
    case 'too-long':
      return `it is ${rejection.length} characters long; a claim is one fact of at most 2000`;
    case 'empty':
      return 'it is empty';
    case 'addressed-to-agent':
      return `it speaks to the agent ("${rejection.match}"), it is not knowledge about the data`;
    case 'copied-from-tool-output':
      return `it copies a tool output ("${rejection.match}")`;
    case 'ungrounded':
      return 'it names none of the tables or fields it could be about';
    default:
      return 'unknown reason';
  }
}

/** `kioku memory prune`: the memories deleted (or, with `--dry-run`, that would be), one line each. */
export function renderPruned(
  memories: readonly MemoryRecord[],
  { below, dryRun, ids }: { below: number; dryRun: boolean; ids: readonly number[] },
): string {
  const count = `${ids.length} memor${ids.length === 1 ? 'y' : 'ies'} scored below ${below}`;
  const head = dryRun ? `would delete ${count} (dry run: nothing was deleted)` : `deleted ${count}`;
  // A memory another process scored down between the listing and the delete has no row here.
  const unlisted = ids.filter((id) => !memories.some((memory) => memory.id === id));
  const tail = unlisted.length === 0 ? '' : `\nand ${unlisted.length} more: ${unlisted.join(', ')}`;
  if (memories.length === 0) return `${head}${tail}`;
  const table = withText(
    ['id', 'score', 'updated'],
    memories.map((memory) => [memory.id, memory.score, day(memory.updatedAt)]),
    memories.map((memory) => oneLine(memory.claim)),
  );
  return `${head}:\n${table}${tail}`;
}
