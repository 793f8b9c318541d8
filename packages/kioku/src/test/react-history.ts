import type { ModelMessage } from 'ai';
import { messageText, toolOutputText } from '../messages/message-text.js';
import { markObservation } from '../messages/observation-mark.js';
import { agentHistory } from './arbitrary-history.js';

/**
 * Random histories of a text-based (ReAct) agent, made from `agentHistory`: each step's thought and tool
 * calls become assistant text (`Action: name(input)`), its results one user message marked as an
 * observation (pinned when a result was), follow-ups stay plain user messages.
 */
export const reactHistory = ({ maxSteps = 14 }: { maxSteps?: number } = {}) =>
  agentHistory({ maxSteps }).map((messages): ModelMessage[] => {
    const react: ModelMessage[] = [];
    for (const message of messages) {
      if (message.role === 'assistant') {
        react.push({
          role: 'assistant',
          content: `Action: ${messageText(message)}`,
          ...(message.providerOptions === undefined ? {} : { providerOptions: message.providerOptions }),
        });
      } else if (message.role === 'tool') {
        const text = message.content
          .map((part) => (part.type === 'tool-result' ? toolOutputText(part.output) : ''))
          .join('\n');
        const previous = react.at(-1);
        const pinned = message.providerOptions?.kioku?.pinned === true;
        if (
          previous !== undefined &&
          previous.role === 'user' &&
          previous.providerOptions?.kioku?.observation === true
        ) {
          react[react.length - 1] = { ...previous, content: `${previous.content as string}\n${text}` };
        } else {
          const observation = markObservation({ role: 'user', content: `Observation: ${text}` });
          react.push(
            pinned
              ? { ...observation, providerOptions: { kioku: { observation: true, pinned: true } } }
              : observation,
          );
        }
      } else {
        react.push(message);
      }
    }
    return react;
  });
