import type { ModelMessage } from 'ai';
import type { TokenCounter } from '../tokens/token-counter.js';
import type { RecordedCall, Transcript } from '../transcripts/transcript.js';
import type { CachePolicy } from './cache-policy.js';
import type { SimulatedCall } from './simulate-cost.js';

/** Options of {@link transcriptCalls}. */
export interface TranscriptCallsOptions {
  /** Counts the answer when the transcript did not record the output tokens. */
  counter?: TokenCounter | undefined;
  /**
   * Rewrites each call's prompt messages before billing, e.g. `placeCacheBreakpoints` to put back the
   * cache markers the agent sent with earlier prompts (a transcript keeps only the last prompt's).
   */
  rewriteMessages?: ((messages: readonly ModelMessage[]) => ModelMessage[]) | undefined;
  /** Caching rules for one call, e.g. `noCachePolicy()` for calls that went to a backend without caching. */
  policyFor?: ((call: RecordedCall) => CachePolicy | undefined) | undefined;
}

/**
 * The calls a recorded run made, ready for `simulateCost`: each prompt is the first `messageCount`
 * messages (with the run's tools), the answer is the assistant message that follows, and output tokens
 * and timestamps are the recorded ones.
 *
 * @example
 * const report = simulateCost({ calls: transcriptCalls(run, { counter }), model, counter });
 */
export function transcriptCalls(
  transcript: Transcript,
  { counter, rewriteMessages, policyFor }: TranscriptCallsOptions = {},
): SimulatedCall[] {
  return transcript.calls.map((call) => {
    const messages = transcript.messages.slice(0, call.messageCount);
    const next = transcript.messages[call.messageCount];
    const completion = next?.role === 'assistant' ? next : undefined;
    const outputTokens =
      call.usage?.completionTokens ??
      (completion !== undefined && counter !== undefined ? counter.countMessage(completion) : 0);
    const simulated: SimulatedCall = {
      prompt: {
        messages: rewriteMessages === undefined ? messages : rewriteMessages(messages),
        ...(transcript.tools === undefined ? {} : { tools: transcript.tools }),
      },
      outputTokens,
    };
    if (call.timestamp !== undefined) simulated.timestamp = call.timestamp;
    if (completion !== undefined) simulated.completion = completion;
    const policy = policyFor?.(call);
    if (policy !== undefined) simulated.policy = policy;
    return simulated;
  });
}
