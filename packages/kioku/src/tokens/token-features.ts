/**
 * What a counter measures of a message, a tool list or a request before calibration: raw tokenizer counts
 * per content kind, the template's special tokens, and how many of each structural element there are.
 * A count is `specialTokens` plus the dot product of the rest with a `Calibration`.
 */
export interface TokenFeatures {
  /** Tokens of text parts (system, user, assistant text) and of the template text around them. */
  textTokens: number;
  /** Tokens of tool calls as the template writes them (name, arguments, markup). */
  toolCallTokens: number;
  /** Tokens of tool results as the template writes them (output, markup). */
  toolResultTokens: number;
  /** Tokens of the rendered tool definitions (JSON schemas and the template's tool preamble text). */
  toolSchemaTokens: number;
  /** Special tokens of the template (role markers, BOS/EOS): one token each, never scaled. */
  specialTokens: number;
  /** Tokens of images and documents by the provider's rules (pixels, tiles, pages), never scaled. */
  mediaTokens: number;
  systemMessages: number;
  userMessages: number;
  assistantMessages: number;
  toolMessages: number;
  toolCalls: number;
  toolResults: number;
  /** 1 for the per-request part of a prompt. */
  requests: number;
  /** 1 for a non-empty tool list. */
  toolSets: number;
}

/** Features of nothing: all zero. */
export function emptyFeatures(): TokenFeatures {
  return {
    textTokens: 0,
    toolCallTokens: 0,
    toolResultTokens: 0,
    toolSchemaTokens: 0,
    specialTokens: 0,
    mediaTokens: 0,
    systemMessages: 0,
    userMessages: 0,
    assistantMessages: 0,
    toolMessages: 0,
    toolCalls: 0,
    toolResults: 0,
    requests: 0,
    toolSets: 0,
  };
}

/** Adds `addend` into `total`, field by field, and returns `total`. */
export function addFeatures(total: TokenFeatures, addend: TokenFeatures): TokenFeatures {
  for (const key of Object.keys(total) as Array<keyof TokenFeatures>) total[key] += addend[key];
  return total;
}
