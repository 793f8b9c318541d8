import { ModelBehaviorError } from './model-behavior-error.js';

/**
 * Why a summary was refused (the model misbehaved or failed; nothing was replaced):
 *
 * - `model-error`: the summarizer's call failed (network, provider, rate limit, its own context overflow
 *   that map-reduce could not avoid); `cause` is the AI SDK error;
 * - `empty`: it answered nothing, or only the summary marker;
 * - `not-text`: it answered tool calls, files or reasoning only, or bytes that are not text;
 * - `too-long`: the summary is not shorter than what it replaces;
 * - `repetitive`: the same words or lines over and over (a degenerate generation);
 * - `window-too-small`: the summarizer's context window cannot hold its prompt, one chunk and its answer.
 */
export type SummarizationFailure =
  | 'model-error'
  | 'empty'
  | 'not-text'
  | 'too-long'
  | 'repetitive'
  | 'window-too-small';

/**
 * A summary could not be made or was refused. Thrown by the summarization strategies and
 * `summarizeMessages`; the history given was not changed, so a caller can fall back to a deterministic
 * strategy (masking, then truncation) and lose nothing.
 */
export class SummarizationError extends ModelBehaviorError {
  static override readonly marker: symbol = Symbol.for('kioku.error.summarization');
  readonly reason: SummarizationFailure;
  /** The refused answer, cut to 500 characters, when there was one. */
  readonly answer?: string;
  /** Tokens the summarizer's calls used before the failure (they are billed all the same). */
  readonly usage: { inputTokens: number; outputTokens: number; calls: number };

  constructor({
    reason,
    message,
    answer,
    usage = { inputTokens: 0, outputTokens: 0, calls: 0 },
    cause,
  }: {
    reason: SummarizationFailure;
    message: string;
    answer?: string;
    usage?: { inputTokens: number; outputTokens: number; calls: number };
    cause?: unknown;
  }) {
    super({
      name: 'SummarizationError',
      message: `summarization failed (${reason}): ${message}; nothing was replaced — fall back to a deterministic strategy (masking, truncation)`,
      cause,
    });
    this.reason = reason;
    if (answer !== undefined) this.answer = answer.slice(0, 500);
    this.usage = usage;
  }
}
