import type { AssistantModelMessage, ModelMessage, ToolModelMessage, UserModelMessage } from 'ai';
import { toolOutputText } from '../../messages/message-text.js';
import { isObservation } from '../../messages/observation-mark.js';
import type { Strategy, StrategyInput, StrategyOutput } from '../strategy.js';

/** The name of the tool an observation turn is shown to the strategy as the output of. */
const observationTool = 'observation';
const callMark = { kioku: { observationCall: true } };

/** What a reshaped history keeps to turn the strategy's output back into what the agent sent. */
interface Views {
  /** Reshaped message → the original it stands for (unchanged by the strategy: sent as it was). */
  original: WeakMap<ModelMessage, ModelMessage>;
  /** Original → its reshaped form, so every call gives the strategy the same objects. */
  reshaped: WeakMap<ModelMessage, ModelMessage>;
  /** A message the strategy rewrote → the message sent for it. */
  restored: WeakMap<ModelMessage, ModelMessage>;
}

/**
 * Lets a strategy made for tool calls mask the observations of a text-based (ReAct) agent. Before
 * `apply` (and `compact`), each observation (`isObservation`: a marked user message right after an assistant message) is
 * shown to the strategy as the result of a tool call added to that assistant message (tool
 * `observation`); after it, every such call is taken out again and every such result becomes the user
 * message it was: the original object when the strategy left it alone (so the provider receives exactly
 * what it did), else a user message with the text the strategy put there (a placeholder), still marked.
 * A history without observations is given to the strategy as it is. Message counts and positions are
 * the same in both views, so the strategy's edits point at the right messages.
 *
 * @example
 * const strategy = withObservationTurns(observationMasking({ keep: 10 }));
 */
export function withObservationTurns<State>(strategy: Strategy<State>): Strategy<State> {
  const views: Views = { original: new WeakMap(), reshaped: new WeakMap(), restored: new WeakMap() };
  const through =
    (run: (input: StrategyInput<State>) => Promise<StrategyOutput<State>>) =>
    async (input: StrategyInput<State>): Promise<StrategyOutput<State>> => {
      if (!input.messages.some(isObservation)) return run(input);
      const result = await run({ ...input, messages: reshape(input.messages, views) });
      return { ...result, messages: result.messages.map((message) => restore(message, views)) };
    };
  const { compact } = strategy;
  return {
    ...strategy,
    apply: through((input) => strategy.apply(input)),
    ...(compact === undefined ? {} : { compact: through((input) => compact.call(strategy, input)) }),
  };
}

function reshape(messages: readonly ModelMessage[], views: Views): ModelMessage[] {
  return messages.map((message, index) => {
    const next = messages[index + 1];
    const previous = messages[index - 1];
    const pairsWithNext = message.role === 'assistant' && next !== undefined && isObservation(next);
    const pairsWithPrevious = isObservation(message) && previous?.role === 'assistant';
    if (!pairsWithNext && !pairsWithPrevious) return message;
    const known = views.reshaped.get(message);
    if (known !== undefined) return known;
    // The call id is the observation's position, the same in every prefix of the history.
    const id = `observation-${pairsWithNext ? index + 1 : index}`;
    const made: ModelMessage = pairsWithNext
      ? withCall(message as AssistantModelMessage, id)
      : asResult(message as UserModelMessage, id);
    views.reshaped.set(message, made);
    views.original.set(made, message);
    return made;
  });
}

function withCall(message: AssistantModelMessage, toolCallId: string): AssistantModelMessage {
  const content =
    typeof message.content === 'string'
      ? [{ type: 'text' as const, text: message.content }]
      : message.content;
  return {
    ...message,
    content: [
      ...content,
      { type: 'tool-call', toolCallId, toolName: observationTool, input: {}, providerOptions: callMark },
    ],
  };
}

function asResult(message: UserModelMessage, toolCallId: string): ToolModelMessage {
  const text =
    typeof message.content === 'string'
      ? message.content
      : message.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
  return {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId,
        toolName: observationTool,
        output: { type: 'text', value: text },
        providerOptions: callMark,
      },
    ],
    // Pinned stays pinned, cache markers stay: the options travel with the turn.
    ...(message.providerOptions === undefined ? {} : { providerOptions: message.providerOptions }),
  };
}

function restore(message: ModelMessage, views: Views): ModelMessage {
  const original = views.original.get(message);
  if (original !== undefined) return original;
  const known = views.restored.get(message);
  if (known !== undefined) return known;
  let made = message;
  if (message.role === 'assistant' && typeof message.content !== 'string') {
    const content = message.content.filter((part) => part.type !== 'tool-call' || !isObservationPart(part));
    if (content.length !== message.content.length) made = { ...message, content };
  } else if (message.role === 'tool') {
    const [part, ...others] = message.content;
    if (others.length === 0 && part?.type === 'tool-result' && isObservationPart(part)) {
      const options = message.providerOptions;
      const { observationCall: _, ...partKioku } = part.providerOptions?.kioku ?? {};
      made = {
        role: 'user',
        content: toolOutputText(part.output),
        providerOptions: {
          ...options,
          ...part.providerOptions,
          kioku: { ...options?.kioku, ...partKioku, observation: true },
        },
      };
    }
  }
  views.restored.set(message, made);
  return made;
}

/** A tool call or result this view added for an observation. */
function isObservationPart(part: { providerOptions?: ModelMessage['providerOptions'] }): boolean {
  return part.providerOptions?.kioku?.observationCall === true;
}
