import type { ModelMessage, ToolCallPart, ToolResultPart } from 'ai';
import { toolOutputText } from '../../messages/message-text.js';
import type { TokenCounter } from '../../tokens/token-counter.js';

// The parts of an agent's history are the same objects from call to call, so each is measured once.
const partLengths = new WeakMap<ModelMessage, Map<unknown, number>>();
const inputTexts = new WeakMap<ToolCallPart, string>();

/** A tool call's input as the model sees it (JSON, or the string itself), cached per part object. */
export function inputText(part: ToolCallPart): string {
  let text = inputTexts.get(part);
  if (text === undefined) {
    text = typeof part.input === 'string' ? part.input : JSON.stringify(part.input ?? {});
    inputTexts.set(part, text);
  }
  return text;
}

/**
 * Tokens of one tool call or result: its share, by characters, of its message's count. The counter
 * caches that count per message object (an agent counts every prompt it sends), so nothing is tokenized
 * again; a message holding one part counts whole, per-message overhead included.
 */
export function partTokens(
  counter: TokenCounter,
  message: ModelMessage,
  part: ToolCallPart | ToolResultPart,
): number {
  const total = counter.countMessage(message);
  if (typeof message.content === 'string' || message.content.length === 1) return total;
  let lengths = partLengths.get(message);
  if (lengths === undefined) {
    lengths = new Map();
    for (const each of message.content) lengths.set(each, characters(each));
    partLengths.set(message, lengths);
  }
  let sum = 0;
  for (const length of lengths.values()) sum += length;
  return sum === 0 ? 0 : Math.round((total * (lengths.get(part) ?? 0)) / sum);
}

function characters(part: Exclude<ModelMessage['content'], string>[number]): number {
  switch (part.type) {
    case 'text':
    case 'reasoning':
      return part.text.length;
    case 'tool-call':
      return part.toolName.length + inputText(part).length;
    case 'tool-result':
      return toolOutputText(part.output).length;
    default:
      return 0;
  }
}

/** Below this many tokens of margin, a part's share may be mostly per-message overhead: count it exactly. */
const shareMargin = 32;

/**
 * True when a tool call or result holds more than `tokens` tokens of its own, i.e. replacing it by a
 * text of `tokens` tokens shrinks the prompt. Its share of the message count decides when clearly above;
 * near the line (where the message's overhead could decide) its own text is counted.
 */
export function outweighs(
  counter: TokenCounter,
  message: ModelMessage,
  part: ToolCallPart | ToolResultPart,
  tokens: number,
): boolean {
  const share = partTokens(counter, message, part);
  if (share >= tokens + shareMargin) return true;
  const text = part.type === 'tool-call' ? inputText(part) : toolOutputText(part.output);
  return counter.countText(text) > tokens;
}
