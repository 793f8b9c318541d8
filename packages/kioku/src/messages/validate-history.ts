import type { ModelMessage } from 'ai';
import type { HistoryViolation } from './history-violation.js';

/** Options of `validateHistory`. */
export interface ValidateHistoryOptions {
  /**
   * Accept tool calls in the last assistant message that have no result yet (a history captured while
   * the tools run). Default `false`: every call must be answered, as providers require of a prompt.
   */
  allowPendingToolCalls?: boolean;
}

/**
 * Every reason a provider would reject this history: tool results without their call, calls without
 * their result (results must follow the calling message directly), duplicate call ids, a system message
 * after the start, empty messages, a conversation that does not open with a user message, tool messages
 * out of place, and a text-based agent's observation (`isObservation`) sent as anything but the user
 * message it is. Returns all violations found, in message order; an empty array means valid.
 *
 * @example
 * const violations = validateHistory(compacted);
 * if (violations.length > 0) console.error(violations.map((v) => v.message).join('\n'));
 */
export function validateHistory(
  messages: readonly ModelMessage[],
  { allowPendingToolCalls = false }: ValidateHistoryOptions = {},
): HistoryViolation[] {
  const violations: HistoryViolation[] = [];
  const seenCallIds = new Set<string>();
  /** Calls of the latest assistant message still waiting for a result. */
  let pending = new Map<string, number>();
  let sawNonSystem = false;

  const closePending = (beforeIndex: number) => {
    for (const [toolCallId, index] of pending) {
      violations.push({
        kind: 'tool-call-without-result',
        index,
        toolCallId,
        message: `message ${index}: tool call ${toolCallId} has no result before message ${beforeIndex}`,
      });
    }
    pending = new Map();
  };

  messages.forEach((message, index) => {
    if (message.role === 'system') {
      if (sawNonSystem) {
        violations.push({
          kind: 'system-after-start',
          index,
          message: `message ${index}: system message after the conversation started`,
        });
      }
    } else if (!sawNonSystem) {
      sawNonSystem = true;
      if (message.role !== 'user') {
        violations.push({
          kind: 'first-message-not-user',
          index,
          message: `message ${index}: the conversation opens with a ${message.role} message, not a user message`,
        });
      }
    }
    if (message.role !== 'user' && message.providerOptions?.kioku?.observation === true) {
      violations.push({
        kind: 'observation-out-of-place',
        index,
        message: `message ${index}: a ${message.role} message marked as an observation: a strategy's view of a user turn was sent instead of the turn`,
      });
    }
    if (isEmpty(message)) {
      violations.push({
        kind: 'empty-message',
        index,
        message: `message ${index}: ${message.role} message is empty`,
      });
    }
    if (message.role === 'tool') {
      const previous = messages[index - 1];
      if (previous === undefined || (previous.role !== 'assistant' && previous.role !== 'tool')) {
        violations.push({
          kind: 'tool-message-out-of-place',
          index,
          message: `message ${index}: tool message does not follow an assistant message or another tool message`,
        });
      }
    } else {
      closePending(index);
    }
    if (typeof message.content === 'string') return;
    for (const part of message.content) {
      if (part.type === 'tool-call') {
        if (message.role !== 'assistant') {
          violations.push({
            kind: 'tool-part-in-wrong-role',
            index,
            toolCallId: part.toolCallId,
            message: `message ${index}: tool call ${part.toolCallId} in a ${message.role} message`,
          });
          continue;
        }
        if (part.providerExecuted === true) continue;
        if (seenCallIds.has(part.toolCallId)) {
          violations.push({
            kind: 'duplicate-tool-call-id',
            index,
            toolCallId: part.toolCallId,
            message: `message ${index}: tool call id ${part.toolCallId} was already used`,
          });
        }
        seenCallIds.add(part.toolCallId);
        pending.set(part.toolCallId, index);
      } else if (part.type === 'tool-result') {
        if (message.role === 'assistant') continue; // provider-executed tools answer in the same message
        if (message.role !== 'tool') {
          violations.push({
            kind: 'tool-part-in-wrong-role',
            index,
            toolCallId: part.toolCallId,
            message: `message ${index}: tool result ${part.toolCallId} in a ${message.role} message`,
          });
        } else if (pending.has(part.toolCallId)) {
          pending.delete(part.toolCallId);
        } else {
          violations.push({
            kind: 'tool-result-without-call',
            index,
            toolCallId: part.toolCallId,
            message: `message ${index}: tool result ${part.toolCallId} answers no call of the assistant message before it`,
          });
        }
      }
    }
  });
  if (!allowPendingToolCalls || messages.at(-1)?.role !== 'assistant') closePending(messages.length);
  return violations;
}

function isEmpty(message: ModelMessage): boolean {
  if (typeof message.content === 'string') return message.content.trim() === '';
  return message.content.every((part) => part.type === 'text' && part.text.trim() === '');
}
