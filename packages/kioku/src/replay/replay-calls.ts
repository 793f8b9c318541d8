import { assistantCalls } from '../transcripts/assistant-calls.js';
import type { RecordedCall, Transcript } from '../transcripts/transcript.js';

/**
 * The LLM calls to re-create from a transcript: the recorded ones when the transcript has them, else one
 * per assistant message (`assistantCalls`).
 */
export function replayCalls(transcript: Pick<Transcript, 'calls' | 'messages'>): RecordedCall[] {
  return transcript.calls.length > 0 ? transcript.calls : assistantCalls(transcript.messages);
}
