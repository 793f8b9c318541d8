import type { ModelMessage } from 'ai';
import { toolOutputText } from '../../../messages/message-text.js';
import { isSummaryMessage, summaryText } from '../summary-message.js';

/**
 * One message as the summarizer reads it: a `### role` heading, then its text; tool calls as
 * `→ name(arguments)`, tool results under `### tool result (name)`, an earlier summary under
 * `### previous summary`.
 */
export function renderMessage(message: ModelMessage): string {
  if (isSummaryMessage(message)) return `### previous summary\n${summaryText(message)}`;
  if (typeof message.content === 'string') return `### ${message.role}\n${message.content}`;
  const pieces: string[] = [];
  let heading: string = message.role;
  for (const part of message.content) {
    switch (part.type) {
      case 'text':
        pieces.push(part.text);
        break;
      case 'reasoning':
        pieces.push(`(thinking) ${part.text}`);
        break;
      case 'tool-call':
        pieces.push(
          `→ ${part.toolName}(${typeof part.input === 'string' ? part.input : JSON.stringify(part.input)})`,
        );
        break;
      case 'tool-result':
        heading = `tool result (${part.toolName})`;
        pieces.push(toolOutputText(part.output));
        break;
      default:
        pieces.push(`[${part.type}]`);
        break;
    }
  }
  return `### ${heading}\n${pieces.join('\n')}`;
}
