import type { ErrorFacts } from './error-facts.js';
import { count, matchText, type TokenFigures } from './overflow-match.js';

/** Claude's overflow wording, which Anthropic's API and Bedrock both return, and its figures. */
export interface AnthropicWording {
  text: string;
  figures: TokenFigures;
}

/** Finds Claude's "prompt is too long" or "input length and `max_tokens` exceed context limit" in the error. */
export function anthropicWording(facts: ErrorFacts): AnthropicWording | undefined {
  const tooLong = matchText(facts, /prompt is too long(?::\s*([\d,]+) tokens\s*>\s*([\d,]+) maximum)?/i);
  if (tooLong !== undefined) {
    const [, sent, limit] = tooLong.match;
    return { text: tooLong.text, figures: { tokensSent: count(sent), tokenLimit: count(limit) } };
  }
  const withOutput = matchText(
    facts,
    /input length and `?max_tokens`? exceed context limit:\s*([\d,]+)\s*\+\s*([\d,]+)\s*>\s*([\d,]+)/i,
  );
  if (withOutput === undefined) return undefined;
  const [, input, output, limit] = withOutput.match;
  const promptTokens = count(input);
  const completionTokens = count(output);
  return {
    text: withOutput.text,
    figures: {
      tokensSent:
        promptTokens === undefined || completionTokens === undefined
          ? undefined
          : promptTokens + completionTokens,
      tokenLimit: count(limit),
      promptTokens,
      completionTokens,
    },
  };
}
