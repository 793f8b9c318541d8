/**
 * A provider's "the prompt is too long" error, recognised. Figures are in the provider's own tokens and
 * present only when its error states them.
 */
export interface ContextOverflow {
  /** The detector that recognised it, e.g. `gemini`, `openai`, `llama-cpp`. */
  provider: string;
  /** The provider's own words. */
  message: string;
  /** The HTTP status, when the error came from an HTTP response (absent for errors inside a stream). */
  statusCode?: number;
  /**
   * Tokens the request came to by the provider's count (N in "N tokens > M maximum"). Some providers
   * include the completion they were asked to reserve (OpenAI's "you requested N tokens").
   */
  tokensSent?: number;
  /** The most the model accepts (M). */
  tokenLimit?: number;
  /** The prompt's share of `tokensSent`, when the error splits it ("3120 in the messages"). */
  promptTokens?: number;
  /** The completion reservation (`max_tokens`) the error counted, when it says so. */
  completionTokens?: number;
}
