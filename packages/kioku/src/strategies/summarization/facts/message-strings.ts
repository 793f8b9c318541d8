import type { ModelMessage } from 'ai';
import { toolOutputText } from '../../../messages/message-text.js';

/**
 * Every piece of text in a message, one string each: text and reasoning parts, the string values of tool
 * call inputs and JSON outputs (not their JSON, whose escapes would glue `\n` to the next word), and
 * tool outputs.
 */
export function messageStrings(message: ModelMessage): string[] {
  if (typeof message.content === 'string') return [message.content];
  const strings: string[] = [];
  for (const part of message.content) {
    switch (part.type) {
      case 'text':
      case 'reasoning':
        strings.push(part.text);
        break;
      case 'tool-call':
        collect(part.input, strings);
        break;
      case 'tool-result':
        if (part.output.type === 'json' || part.output.type === 'error-json')
          collect(part.output.value, strings);
        else strings.push(toolOutputText(part.output));
        break;
      default:
        break;
    }
  }
  return strings;
}

function collect(value: unknown, into: string[]): void {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) collect(item, into);
  else if (typeof value === 'object' && value !== null)
    for (const item of Object.values(value)) collect(item, into);
}
