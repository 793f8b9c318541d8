import type { ErrorFacts } from './error-facts.js';
import { count, matchText, type TokenFigures } from './overflow-match.js';

/** Claude's overflow wording, which Anthropic's API and Bedrock both return, and its figures. */
export interface AnthropicWording {
  text: string;
  figures: TokenFigures;
}

// Bedrock puts Claude's message after this prefix.
const prefix = String.raw`^(?:The model returned the following errors:\s*)?`;

/**
 * Finds Claude's "prompt is too long" or "input length and `max_tokens` exceed context limit" at the start
 * of one of the error's messages (after Bedrock's prefix), not quoted inside another message.
 */
export function anthropicWording(facts: ErrorFacts): AnthropicWording | undefined {
  const tooLong = matchText(
    facts,
    new RegExp(String.raw`${prefix}prompt is too long(?::\s*([\d,]+) tokens\s*>\s*([\d,]+) maximum)?`, 'i'),
  );
  if (tooLong !== undefined) {
    const [, sent, limit] = tooLong.match;
    return { text: tooLong.text, figures: { tokensSent: count(sent), tokenLimit: count(limit) } };
  }
  const withOutput = matchText(
    facts,
    new RegExp(
      String.raw`${prefix}input length and \`?max_tokens\`? exceed context limit:\s*([\d,]+)\s*\+\s*([\d,]+)\s*>\s*([\d,]+)`,
      'i',
    ),
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
