import type { RecordedCall, Transcript } from '../transcripts/transcript.js';

/**
 * The LLM calls to re-create from a transcript: the recorded ones when the transcript has them, else one
 * per assistant message (each answered a prompt of every message before it).
 */
export function replayCalls(transcript: Transcript): RecordedCall[] {
  if (transcript.calls.length > 0) return transcript.calls;
  const calls: RecordedCall[] = [];
  transcript.messages.forEach((message, index) => {
    if (message.role === 'assistant') calls.push({ messageCount: index });
  });
  return calls;
}
