import type { ModelMessage, ToolCallPart, ToolResultPart } from 'ai';
import { openToolCalls } from './open-tool-calls.js';

/** A tool call and, when there is one, the result that answers it. */
export interface ToolPair {
  toolCallId: string;
  toolName: string;
  /** Index of the assistant message holding the call. */
  callIndex: number;
  call: ToolCallPart;
  /** Index of the message holding the result, when it exists. */
  resultIndex?: number;
  result?: ToolResultPart;
}

/** The outcome of pairing: pairs in call order, plus results that answer no earlier call. */
export interface ToolPairing {
  pairs: ToolPair[];
  orphanResults: { index: number; result: ToolResultPart }[];
}

/**
 * Pairs every tool call with its result by `toolCallId`, including parallel calls (several calls in one
 * assistant message answered by several results), and by position where a provider reuses ids
 * (`openToolCalls`), so each call is paired with its own result.
 *
 * @example
 * const { pairs, orphanResults } = findToolPairs(messages);
 * const unanswered = pairs.filter((pair) => pair.result === undefined);
 */
export function findToolPairs(messages: readonly ModelMessage[]): ToolPairing {
  const pairs: ToolPair[] = [];
  const open = openToolCalls<ToolPair>();
  const orphanResults: ToolPairing['orphanResults'] = [];
  messages.forEach((message, index) => {
    if (typeof message.content === 'string') return;
    for (const part of message.content) {
      if (part.type === 'tool-call' && message.role === 'assistant') {
        const pair: ToolPair = {
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          callIndex: index,
          call: part,
        };
        pairs.push(pair);
        open.call(part.toolCallId, index, pair);
      } else if (part.type === 'tool-result') {
        const pair = open.answer(part.toolCallId);
        if (pair === undefined) {
          orphanResults.push({ index, result: part });
        } else {
          pair.resultIndex = index;
          pair.result = part;
        }
      }
    }
  });
  return { pairs, orphanResults };
}
