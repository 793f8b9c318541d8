import type { ModelMessage, TextPart, ToolResultPart } from 'ai';
import { pinnedIndexes } from '../strategies/internal/pinned-indexes.js';
import { markPlaceholder } from '../strategies/internal/placeholder-mark.js';
import type { Strategy, StrategyEdit } from '../strategies/strategy.js';

/** OpenHands' placeholder for a masked observation. */
const placeholder = '<MASKED>';

/** Options of {@link openHandsObservationMasking}. */
export interface OpenHandsObservationMaskingOptions {
  /** Most recent events whose observations are kept; default 100, `ObservationMaskingCondenserConfig`'s. */
  attentionWindow?: number;
}

/**
 * OpenHands' `observation_masking` condenser with its configured default, `attention_window = 100`
 * (`ObservationMaskingCondenserConfig` in `openhands/core/config/condenser_config.py`; the condenser class
 * itself defaults to 5), and what OpenHands then sends. `ObservationMaskingCondenser.condense` replaces
 * every observation outside the last `attention_window` events with `AgentCondensationObservation
 * ('<MASKED>')`, recomputed at every step. Events are counted as OpenHands records them: the system
 * prompt, each user message, one action per tool call (or one message action for an assistant message
 * without calls), one observation per tool result.
 *
 * `ConversationMemory.process_events` turns a masked observation into a user message `<MASKED>` (with
 * `\n\n` before it when the message before is a user message too) and, since the action's tool call is
 * never answered, never sends the assistant message that made the call: its text and all its calls are
 * dropped, and so are the results of its other calls. Checked against fixtures of the real Python code in
 * `bench/peers/check.mjs`. Pinned messages, and the steps they belong to, are left as they are.
 *
 * @example
 * const strategy = openHandsObservationMasking(); // name 'openhands-masking-100'
 */
export function openHandsObservationMasking({
  attentionWindow = 100,
}: OpenHandsObservationMaskingOptions = {}): Strategy<null> {
  const name = `openhands-masking-${attentionWindow}`;
  /** The `<MASKED>` user messages made for a result, plain and after a user message. */
  const made = new WeakMap<ToolResultPart, { plain?: ModelMessage; separated?: ModelMessage }>();
  const maskedMessage = (part: ToolResultPart, separated: boolean): ModelMessage => {
    let known = made.get(part);
    if (known === undefined) {
      known = {};
      made.set(part, known);
    }
    const key = separated ? 'separated' : 'plain';
    let message = known[key];
    if (message === undefined) {
      const text = markPlaceholder<TextPart>({
        type: 'text',
        text: separated ? `\n\n${placeholder}` : placeholder,
      });
      message = { role: 'user', content: [text] };
      known[key] = message;
    }
    return message;
  };
  return {
    name,
    lossy: true,
    needsModel: false,
    initialState: () => null,
    async apply({ messages, counter, state }) {
      const pinned = pinnedIndexes(messages);
      const edge = messages.reduce((sum, message) => sum + eventCount(message), 0) - attentionWindow;
      const callIndex = new Map<string, number>();
      messages.forEach((message, index) => {
        if (message.role !== 'assistant' || typeof message.content === 'string') return;
        for (const part of message.content)
          if (part.type === 'tool-call') callIndex.set(part.toolCallId, index);
      });
      // A step (an assistant message and the results of its calls) with a pinned message is kept whole.
      const keptSteps = new Set([...pinned].filter((index) => messages[index]?.role === 'assistant'));
      messages.forEach((message, index) => {
        if (message.role !== 'tool' || !pinned.has(index)) return;
        for (const part of message.content) {
          const call = part.type === 'tool-result' ? callIndex.get(part.toolCallId) : undefined;
          if (call !== undefined) keptSteps.add(call);
        }
      });
      // Observations before the edge are masked, unless their step is kept whole.
      const masked = new Set<string>();
      let position = 0;
      for (const message of messages) {
        if (message.role !== 'tool') {
          position += eventCount(message);
          continue;
        }
        for (const part of message.content) {
          if (part.type !== 'tool-result') continue;
          const call = callIndex.get(part.toolCallId);
          if (position < edge && call !== undefined && !keptSteps.has(call)) {
            masked.add(part.toolCallId);
          }
          position += 1;
        }
      }
      if (masked.size === 0) return { messages: messages.slice(), edits: [], state };
      // Assistant messages with a masked call are never sent, nor the results of their other calls.
      const dropped = new Set<number>();
      for (const id of masked) dropped.add(callIndex.get(id) as number);
      const unanswered = new Set<string>();
      for (const index of dropped) {
        const message = messages[index] as ModelMessage;
        if (typeof message.content === 'string') continue;
        for (const part of message.content) if (part.type === 'tool-call') unanswered.add(part.toolCallId);
      }
      const output: ModelMessage[] = [];
      const edits: StrategyEdit[] = [];
      messages.forEach((message, index) => {
        if (dropped.has(index)) {
          edits.push({
            strategy: name,
            kind: 'drop-messages',
            messageIndexes: [index],
            tokensBefore: counter.countMessage(message),
            tokensAfter: 0,
          });
          return;
        }
        if (
          message.role !== 'tool' ||
          !message.content.some((part) => 'toolCallId' in part && unanswered.has(part.toolCallId))
        ) {
          output.push(message);
          return;
        }
        const replacements: ModelMessage[] = [];
        const kept = message.content.filter(
          (part) => !('toolCallId' in part && unanswered.has(part.toolCallId)),
        );
        for (const part of message.content) {
          if (part.type !== 'tool-result' || !masked.has(part.toolCallId)) continue;
          const before = output.at(-1);
          const mask = maskedMessage(part, before?.role === 'user');
          output.push(mask);
          replacements.push(mask);
        }
        if (kept.length > 0) {
          const rest = { ...message, content: kept };
          output.push(rest);
          replacements.push(rest);
        }
        const names = new Set(
          message.content.flatMap((part) => (part.type === 'tool-result' ? [part.toolName] : [])),
        );
        const [toolName] = names;
        edits.push({
          strategy: name,
          kind: 'mask-tool-result',
          messageIndexes: [index],
          ...(names.size === 1 && toolName !== undefined ? { toolName } : {}),
          tokensBefore: counter.countMessage(message),
          tokensAfter: replacements.reduce((sum, replacement) => sum + counter.countMessage(replacement), 0),
        });
      });
      return { messages: output, edits, state };
    },
  };
}

/** Events OpenHands records for a message: one per tool call or tool result, else one. */
function eventCount(message: ModelMessage): number {
  if (typeof message.content === 'string') return 1;
  if (message.role === 'tool') return message.content.filter((part) => part.type === 'tool-result').length;
  if (message.role !== 'assistant') return 1;
  return Math.max(1, message.content.filter((part) => part.type === 'tool-call').length);
}
