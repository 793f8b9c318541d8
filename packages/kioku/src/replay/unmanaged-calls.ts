import type { ModelMessage } from 'ai';
import type { HistoryViolation } from '../messages/history-violation.js';
import { validateHistory } from '../messages/validate-history.js';
import type { TokenCounter } from '../tokens/token-counter.js';
import type { RecordedCall, Transcript } from '../transcripts/transcript.js';
import { replayCalls } from './replay-calls.js';
import { type ToolUseTokens, toolTokens } from './tool-tokens.js';

/** The unmanaged side of one recorded call: what every strategy's replay compares its prompt with. */
export interface UnmanagedCall {
  /** The recorded call. */
  call: RecordedCall;
  /** The history before the call (the transcript's first `call.messageCount` messages), frozen: replays share it. */
  history: readonly ModelMessage[];
  /** Prompt tokens of the history, tools included. */
  tokens: number;
  /** The tokens of each tool use in the history (`toolTokens`). */
  toolTokens: ReadonlyMap<string, ToolUseTokens>;
  /** The history's violations (`validateHistory`), read when a managed prompt has some. */
  violations(): readonly HistoryViolation[];
}

/**
 * The unmanaged side of each call of one transcript under one counter, measured once for every strategy
 * replayed over it (`runReplay` takes it when given the same transcript and counter).
 */
export interface UnmanagedCalls {
  readonly transcript: Transcript;
  readonly counter: TokenCounter;
  /** The calls to re-create (`replayCalls`). */
  readonly calls: readonly RecordedCall[];
  /** The unmanaged side of the call at `index` of `calls`, measured at the first ask. */
  at(index: number): UnmanagedCall;
}

/**
 * The unmanaged side of `transcript`'s calls, counted by `counter`, each call measured once however many
 * replays read it. The transcript must not change while it is in use (an analysis holds it).
 */
export function unmanagedCalls(transcript: Transcript, counter: TokenCounter): UnmanagedCalls {
  const calls = replayCalls(transcript);
  const measured: UnmanagedCall[] = [];
  const tools = transcript.tools === undefined ? {} : { tools: transcript.tools };
  return {
    transcript,
    counter,
    calls,
    at(index) {
      const known = measured[index];
      if (known !== undefined) return known;
      const call = calls[index];
      if (call === undefined) throw new RangeError(`no call ${index} in ${calls.length} calls`);
      const history = Object.freeze(transcript.messages.slice(0, call.messageCount));
      let violations: readonly HistoryViolation[] | undefined;
      const made: UnmanagedCall = {
        call,
        history,
        tokens: counter.countPrompt({ messages: history, ...tools }),
        toolTokens: toolTokens(history, counter),
        violations: () => {
          violations ??= validateHistory(history);
          return violations;
        },
      };
      measured[index] = made;
      return made;
    },
  };
}
