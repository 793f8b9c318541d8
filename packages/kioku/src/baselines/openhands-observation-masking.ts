import type { ModelMessage, ToolResultPart } from 'ai';
import { toolOutputText } from '../messages/message-text.js';
import { pinnedIndexes } from '../strategies/internal/pinned-indexes.js';
import { isPlaceholder, markPlaceholder } from '../strategies/internal/placeholder-mark.js';
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
 * (`ObservationMaskingCondenserConfig` in `openhands/core/config/condenser_config.py`, OpenHands 0.2x,
 * commit 068f86b; the condenser class itself defaults to 5). `ObservationMaskingCondenser.condense`
 * replaces every observation outside the last `attention_window` events with `<MASKED>`, recomputed at
 * every step. Events are counted as OpenHands records them: the system prompt, each user message, one
 * action per tool call (or one message action for an assistant message without calls), one observation
 * per tool result.
 *
 * OpenHands turns a masked observation into a user message and leaves the tool call unanswered; here the
 * placeholder stays the tool result's output (marked as a placeholder), so the call stays paired and what
 * is compared is which observations are masked and when. Outputs no longer than the placeholder, earlier
 * placeholders and pinned messages are left as they are.
 *
 * @example
 * const strategy = openHandsObservationMasking(); // name 'openhands-masking-100'
 */
export function openHandsObservationMasking({
  attentionWindow = 100,
}: OpenHandsObservationMaskingOptions = {}): Strategy<null> {
  const name = `openhands-masking-${attentionWindow}`;
  const maskedParts = new WeakMap<ToolResultPart, ToolResultPart>();
  const maskedMessages = new WeakMap<ModelMessage, { masked: number; message: ModelMessage }>();
  const mask = (part: ToolResultPart): ToolResultPart => {
    if (isPlaceholder(part) || toolOutputText(part.output).length <= placeholder.length) return part;
    let masked = maskedParts.get(part);
    if (masked === undefined) {
      masked = markPlaceholder<ToolResultPart>({ ...part, output: { type: 'text', value: placeholder } });
      maskedParts.set(part, masked);
    }
    return masked;
  };
  /** `message` with its first `masked` results masked, the same object for the same request. */
  const maskMessage = (message: ModelMessage, masked: number): ModelMessage => {
    const known = maskedMessages.get(message);
    if (known?.masked === masked) return known.message;
    if (message.role !== 'tool') return message;
    let index = 0;
    const content = message.content.map((part) =>
      part.type === 'tool-result' && index++ < masked ? mask(part) : part,
    );
    const rewritten = content.every((part, at) => part === message.content[at])
      ? message
      : { ...message, content };
    maskedMessages.set(message, { masked, message: rewritten });
    return rewritten;
  };
  return {
    name,
    lossy: true,
    needsModel: false,
    initialState: () => null,
    async apply({ messages, counter, state }) {
      const pinned = pinnedIndexes(messages);
      const events = messages.reduce((sum, message) => sum + eventCount(message), 0);
      const edge = events - attentionWindow;
      const edits: StrategyEdit[] = [];
      let position = 0;
      const output = messages.map((message, messageIndex) => {
        const start = position;
        position += eventCount(message);
        if (message.role !== 'tool' || start >= edge || pinned.has(messageIndex)) return message;
        // The message's results are events start, start + 1, …: those before the edge are masked.
        const rewritten = maskMessage(message, Math.min(eventCount(message), edge - start));
        if (rewritten !== message) {
          edits.push({
            strategy: name,
            kind: 'mask-tool-result',
            messageIndexes: [messageIndex],
            ...toolNameOf(message),
            tokensBefore: counter.countMessage(message),
            tokensAfter: counter.countMessage(rewritten),
          });
        }
        return rewritten;
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

function toolNameOf(message: ModelMessage): { toolName?: string } {
  if (typeof message.content === 'string') return {};
  const result = message.content.find((part) => part.type === 'tool-result');
  return result === undefined ? {} : { toolName: result.toolName };
}
