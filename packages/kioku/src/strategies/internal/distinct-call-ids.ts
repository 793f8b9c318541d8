import type { ModelMessage } from 'ai';
import { type ToolCallIdRenamer, toolCallIdRenamer } from '../../messages/distinct-tool-call-ids.js';
import type { Strategy, StrategyInput, StrategyOutput } from '../strategy.js';

/**
 * Lets a strategy that tells tool calls apart by id (what it masked or cleared, which result answers which
 * call) serve agents whose provider reuses ids: before `apply` (and `compact`) the history's ids are made
 * distinct by position (`distinctToolCallIds`: a reused id is a new call, `<id>-2`…), and after it every
 * message is sent with the ids the agent gave: the agent's own message where the strategy kept it, else
 * a copy with the ids given back. A history whose ids are already distinct reaches the strategy as it is.
 * The renaming is kept across calls: a history that grows is read once per new message (one made
 * differently is read again).
 *
 * @example
 * const strategy = withDistinctCallIds(observationMasking({ keep: 2 }));
 */
export function withDistinctCallIds<State>(strategy: Strategy<State>): Strategy<State> {
  /** The history read so far, and the view of each of its messages. */
  let read: ModelMessage[] = [];
  let view: ModelMessage[] = [];
  let renamer: ToolCallIdRenamer = toolCallIdRenamer();
  /** A renamed view → the agent's message. */
  const agentMessage = new WeakMap<ModelMessage, ModelMessage>();
  /** A message a strategy wrote from a renamed one → the same with the agent's ids. */
  const given = new WeakMap<ModelMessage, ModelMessage>();

  const viewOf = (messages: readonly ModelMessage[]): readonly ModelMessage[] => {
    let extending = messages.length >= read.length;
    for (let index = 0; extending && index < read.length; index += 1) {
      extending = messages[index] === read[index];
    }
    if (!extending) {
      read = [];
      view = [];
      renamer = toolCallIdRenamer();
    }
    for (let index = read.length; index < messages.length; index += 1) {
      const message = messages[index] as ModelMessage;
      const renamed = renamer.next(message);
      if (renamed !== message) agentMessage.set(renamed, message);
      read.push(message);
      view.push(renamed);
    }
    return renamer.originals.size === 0 ? messages : view.slice();
  };
  const restore = (message: ModelMessage): ModelMessage => {
    const agents = agentMessage.get(message) ?? given.get(message);
    if (agents !== undefined) return agents;
    if (typeof message.content === 'string' || (message.role !== 'tool' && message.role !== 'assistant')) {
      return message;
    }
    const { originals } = renamer;
    let changed = false;
    const content = message.content.map((part) => {
      if (!('toolCallId' in part)) return part;
      const original = originals.get(part.toolCallId);
      if (original === undefined) return part;
      changed = true;
      return { ...part, toolCallId: original };
    });
    if (!changed) return message;
    const made = { ...message, content } as ModelMessage;
    given.set(message, made);
    return made;
  };
  const through =
    (run: (input: StrategyInput<State>) => Promise<StrategyOutput<State>>) =>
    async (input: StrategyInput<State>): Promise<StrategyOutput<State>> => {
      const messages = viewOf(input.messages);
      if (messages === input.messages) return run(input);
      const result = await run({ ...input, messages });
      return { ...result, messages: result.messages.map(restore) };
    };
  const { compact } = strategy;
  return {
    ...strategy,
    apply: through((input) => strategy.apply(input)),
    ...(compact === undefined ? {} : { compact: through((input) => compact.call(strategy, input)) }),
  };
}
