import type { ModelMessage, ToolResultPart } from 'ai';
import type { TokenCounter } from '../../../tokens/token-counter.js';
import { cutText } from './cut-text.js';

/** Options of {@link cutLongMessage}. */
export interface CutLongMessageOptions {
  /** Most tokens the message may hold, by `counter`. */
  maxTokens: number;
  counter: TokenCounter;
  /** Strings shorter than this are never cut; default 200 characters. */
  minCharacters?: number;
}

type ToolOutput = ToolResultPart['output'];

/**
 * A message too large for a context window (a giant tool output, a file pasted whole), cut to fit: every
 * long string in it (text, tool output, tool-call argument) keeps its head and tail with
 * `[… N characters cut …]` between them. The structure stays: same role, same parts, a tool result keeps
 * its `toolCallId` (a JSON output that still does not fit becomes text). The message itself is returned
 * when it fits. Best effort for a message made of many small strings (a tool call with thousands of short
 * arguments), which cutting strings cannot shrink.
 *
 * @example
 * const fitted = cutLongMessage(toolMessage, { maxTokens: 20_000, counter });
 */
export function cutLongMessage<T extends ModelMessage>(
  message: T,
  { maxTokens, counter, minCharacters = 200 }: CutLongMessageOptions,
): T {
  const tokens = counter.countMessage(message);
  if (tokens <= maxTokens) return message;
  let best = message;
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const ratio = (maxTokens / tokens) * 0.9 ** (attempt + 1);
    const cut = (text: string) =>
      text.length < minCharacters ? text : cutText(text, Math.max(minCharacters / 2, text.length * ratio));
    best = cutMessage(message, cut, attempt >= 3);
    if (counter.countMessage(best) <= maxTokens) return best;
  }
  return best;
}

function cutMessage<T extends ModelMessage>(
  message: T,
  cut: (text: string) => string,
  flattenJson: boolean,
): T {
  if (typeof message.content === 'string') return { ...message, content: cut(message.content) };
  const content = message.content.map((part) => {
    switch (part.type) {
      case 'text':
      case 'reasoning':
        return { ...part, text: cut(part.text) };
      case 'tool-call':
        return { ...part, input: cutStrings(part.input, cut) };
      case 'tool-result':
        return { ...part, output: cutOutput(part.output, cut, flattenJson) };
      default:
        return part;
    }
  });
  return { ...message, content } as T;
}

function cutOutput(output: ToolOutput, cut: (text: string) => string, flattenJson: boolean): ToolOutput {
  switch (output.type) {
    case 'text':
    case 'error-text':
      return { ...output, value: cut(output.value) };
    case 'json':
    case 'error-json':
      if (!flattenJson) return { ...output, value: cutStrings(output.value, cut) as typeof output.value };
      return {
        type: output.type === 'json' ? 'text' : 'error-text',
        value: cut(JSON.stringify(output.value)),
      };
    case 'content':
      return {
        ...output,
        value: output.value.map((item) => (item.type === 'text' ? { ...item, text: cut(item.text) } : item)),
      };
    default:
      return output;
  }
}

function cutStrings(value: unknown, cut: (text: string) => string): unknown {
  if (typeof value === 'string') return cut(value);
  if (Array.isArray(value)) return value.map((item) => cutStrings(item, cut));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, cutStrings(item, cut)]));
  }
  return value;
}
