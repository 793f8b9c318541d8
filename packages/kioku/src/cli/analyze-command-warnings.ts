import { dirname } from 'node:path';
import type { Transcript } from '../entry/transcripts.js';

/**
 * What limits an analysis' figures, one sentence each: OpenHands `llm_completions` runs read without their
 * per-call usage log (`*per_call_usage.jsonl`), of which only the last LLM call can be replayed — one call
 * per run, so nothing is ever read from the cache.
 */
export function analyzeWarnings(transcripts: readonly Transcript[]): string[] {
  const lastCallOnly = transcripts.filter(
    (transcript) =>
      transcript.format === 'openhands-completion' &&
      transcript.calls.length <= 1 &&
      transcript.messages.filter((message) => message.role === 'assistant').length > 1,
  );
  const folders = [...new Set(lastCallOnly.map((transcript) => dirname(transcript.file)))];
  return folders.map((folder) => {
    const runs = lastCallOnly.filter((transcript) => dirname(transcript.file) === folder).length;
    return (
      `${runs} OpenHands run(s) in ${folder} have no per-call usage log: only the last LLM call of each ` +
      'can be replayed (one call per run, cache hit rate 0), so their figures do not show what a strategy ' +
      "does over the run. Pass the run's *per_call_usage.jsonl with the folder."
    );
  });
}
