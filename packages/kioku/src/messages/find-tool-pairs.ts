import type { ModelMessage, ToolCallPart, ToolResultPart } from 'ai';

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
 * assistant message answered by several results).
 *
 * @example
 * const { pairs, orphanResults } = findToolPairs(messages);
 * const unanswered = pairs.filter((pair) => pair.result === undefined);
 */
export function findToolPairs(messages: readonly ModelMessage[]): ToolPairing {
  const pairs: ToolPair[] = [];
  const open = new Map<string, ToolPair>();
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
        open.set(part.toolCallId, pair);
      } else if (part.type === 'tool-result') {
        const pair = open.get(part.toolCallId);
        if (pair === undefined) {
          orphanResults.push({ index, result: part });
        } else {
          pair.resultIndex = index;
          pair.result = part;
          open.delete(part.toolCallId);
        }
      }
    }
  });
  return { pairs, orphanResults };
}
