import type { ContextOverflow } from './context-overflow.js';

/**
 * Recognises one provider's context-overflow error. A plain object: the provider's name, the AI SDK
 * provider ids it is tried first for, and `detect`, which never throws and returns `undefined` for any
 * other error (rate limits, bad keys, a `max_tokens` above the model's output limit).
 */
export interface OverflowDetector {
  /** e.g. `gemini`; reported as `ContextOverflow.provider`. */
  readonly provider: string;
  /**
   * Prefixes of AI SDK `model.provider` ids (`google.generative-ai`, `anthropic.messages`…) whose errors
   * this detector is asked about before the others.
   */
  readonly providerIds: readonly string[];
  /** The overflow `error` reports, or `undefined`. Accepts an `APICallError`, a stream's error value, or anything wrapping one. */
  detect(error: unknown): ContextOverflow | undefined;
}
