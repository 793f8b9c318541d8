import type { ModelMessage } from 'ai';
import { bfclTurnPlaceholder } from './bfcl-gold-importer.js';
import { isRecord } from './is-record.js';
import type { Transcript } from './transcript.js';

/** A row of a BFCL question file: `{id, question: [[{role, content}], …]}`. */
export interface BfclQuestionRow {
  id: string;
  question: Array<Array<{ role: string; content: string }>>;
}

/** True when `value` (the rows of a JSON Lines file) is a BFCL question file. */
export function isBfclQuestions(value: unknown): value is BfclQuestionRow[] {
  if (!Array.isArray(value) || value.length === 0) return false;
  const first: unknown = value[0];
  return (
    isRecord(first) &&
    typeof first.id === 'string' &&
    Array.isArray(first.question) &&
    !('ground_truth' in first) &&
    value.every((row) => isRecord(row) && typeof row.id === 'string' && Array.isArray(row.question))
  );
}

/**
 * Puts each BFCL question turn's user text in place of the placeholder the gold importer (or the result
 * importer, for a result file without an inference log) left, matching tasks by id; a turn whose question has no user message loses its placeholder. Transcripts of other
 * formats, and tasks without a question row, are returned unchanged.
 */
export function attachBfclQuestions(
  transcripts: readonly Transcript[],
  rows: readonly BfclQuestionRow[],
): Transcript[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return transcripts.map((transcript) => {
    const placeholders = transcript.format === 'bfcl-gold' || transcript.format === 'bfcl-result';
    const row = placeholders ? byId.get(transcript.id) : undefined;
    if (row === undefined) return transcript;
    let turn = 0;
    const messages: ModelMessage[] = [];
    for (const message of transcript.messages) {
      if (message.role !== 'user' || message.content !== bfclTurnPlaceholder(turn)) {
        messages.push(message);
        continue;
      }
      const text = (row.question[turn] ?? [])
        .filter((entry) => entry.role === 'user')
        .map((entry) => entry.content)
        .join('\n');
      turn += 1;
      // A turn with no user message (BFCL's "missing function" turns add a tool and let the model go on).
      if (text !== '') messages.push({ role: 'user', content: text });
    }
    return { ...transcript, messages };
  });
}
