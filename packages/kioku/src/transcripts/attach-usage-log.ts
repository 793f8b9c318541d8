import { TranscriptFormatError } from '../errors/transcript-format-error.js';
import type { RecordedCall, RecordedUsage, Transcript } from './transcript.js';
import type { UsageLogRow } from './usage-log-row.js';

/** Transcripts with the usage log's calls attached, and the rows that could not be used. */
export interface AttachedUsageLog {
  /** The transcripts given, in order; those the log covers have their `calls` replaced. */
  transcripts: Transcript[];
  /**
   * Rows of an earlier attempt at an instance: the log's call sequence restarts (the prompt shrinks back
   * to the first messages), so those prompts are not prefixes of the transcript and are left out.
   */
  supersededRows: UsageLogRow[];
  /** Rows whose `instance_id` matches no transcript id. */
  unmatchedRows: UsageLogRow[];
}

/**
 * Replaces each transcript's `calls` with the usage log's rows for its instance (`instance_id` equal to the
 * transcript id), one call per row of the last attempt, `messageCount` = `n_messages_in_prompt`. This
 * relies on the run being append-only (no condensation): every earlier prompt is a prefix of the last
 * one, and source messages map one to one onto converted ones (true of OpenHands completions). A row
 * whose prompt has more messages than the transcript is a `TranscriptFormatError`.
 *
 * @example
 * const { transcripts, supersededRows } = attachUsageLog(runs, readUsageLog(text, { file }));
 */
export function attachUsageLog(
  transcripts: readonly Transcript[],
  rows: readonly UsageLogRow[],
): AttachedUsageLog {
  const byInstance = new Map<string, UsageLogRow[]>();
  for (const row of rows) {
    const list = byInstance.get(row.instance_id);
    if (list === undefined) byInstance.set(row.instance_id, [row]);
    else list.push(row);
  }
  const target = new Map<string, Transcript>();
  for (const transcript of transcripts) {
    const current = target.get(transcript.id);
    if (
      byInstance.has(transcript.id) &&
      (current === undefined || transcript.messages.length > current.messages.length)
    ) {
      target.set(transcript.id, transcript);
    }
  }
  const supersededRows: UsageLogRow[] = [];
  const unmatchedRows: UsageLogRow[] = [];
  const replaced = new Map<Transcript, Transcript>();
  for (const [instance, list] of byInstance) {
    const transcript = target.get(instance);
    if (transcript === undefined) {
      unmatchedRows.push(...list);
      continue;
    }
    const ordered = [...list].sort((a, b) => a.call_idx - b.call_idx);
    const start = lastAttemptStart(ordered);
    supersededRows.push(...ordered.slice(0, start));
    const calls = ordered.slice(start).map((row) => callOf(row, transcript));
    replaced.set(transcript, { ...transcript, calls });
  }
  return {
    transcripts: transcripts.map((transcript) => replaced.get(transcript) ?? transcript),
    supersededRows,
    unmatchedRows,
  };
}

/** Index of the first row of the last attempt: after the last place the prompt stops growing. */
function lastAttemptStart(rows: readonly UsageLogRow[]): number {
  let start = 0;
  for (let i = 1; i < rows.length; i += 1) {
    const previous = rows[i - 1];
    const row = rows[i];
    if (
      previous !== undefined &&
      row !== undefined &&
      row.n_messages_in_prompt <= previous.n_messages_in_prompt
    ) {
      start = i;
    }
  }
  return start;
}

function callOf(row: UsageLogRow, transcript: Transcript): RecordedCall {
  if (row.n_messages_in_prompt > transcript.messages.length) {
    throw new TranscriptFormatError({
      file: row.file,
      location: `line ${row.line}: $.n_messages_in_prompt`,
      expected: `at most ${transcript.messages.length}, the messages of ${transcript.id} in ${transcript.file}`,
      found: String(row.n_messages_in_prompt),
    });
  }
  const usage: RecordedUsage = { promptTokens: row.prompt_tokens };
  if (row.completion_tokens != null) usage.completionTokens = row.completion_tokens;
  if (row.cache_read_input_tokens != null) usage.cacheReadTokens = row.cache_read_input_tokens;
  if (row.cache_creation_input_tokens != null) usage.cacheWriteTokens = row.cache_creation_input_tokens;
  if (row.cost != null) usage.cost = row.cost;
  const call: RecordedCall = { messageCount: row.n_messages_in_prompt, usage };
  if (transcript.model !== undefined) call.model = transcript.model;
  if (row.timestamp != null) call.timestamp = row.timestamp;
  return call;
}
