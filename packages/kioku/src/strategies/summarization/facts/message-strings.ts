import type { ModelMessage } from 'ai';
import { toolOutputText } from '../../../messages/message-text.js';

/** Options of {@link messageStrings}. */
export interface MessageStringsOptions {
  /** Also take the numbers and booleans of tool inputs and JSON outputs, written as JSON does; default false. */
  scalars?: boolean;
}

/**
 * Every piece of text in a message, one string each: text and reasoning parts, the string values of tool
 * call inputs and JSON outputs (not their JSON, whose escapes would glue `\n` to the next word), and
 * tool outputs.
 */
export function messageStrings(
  message: ModelMessage,
  { scalars = false }: MessageStringsOptions = {},
): string[] {
  if (typeof message.content === 'string') return [message.content];
  const strings: string[] = [];
  for (const part of message.content) {
    switch (part.type) {
      case 'text':
      case 'reasoning':
        strings.push(part.text);
        break;
      case 'tool-call':
        collect(part.input, strings, scalars);
        break;
      case 'tool-result':
        if (part.output.type === 'json' || part.output.type === 'error-json')
          collect(part.output.value, strings, scalars);
        else strings.push(toolOutputText(part.output));
        break;
      default:
        break;
    }
  }
  return strings;
}

function collect(value: unknown, into: string[], scalars: boolean): void {
  if (typeof value === 'string') into.push(value);
  else if (scalars && (typeof value === 'number' || typeof value === 'boolean')) into.push(String(value));
  else if (Array.isArray(value)) for (const item of value) collect(item, into, scalars);
  else if (typeof value === 'object' && value !== null)
    for (const item of Object.values(value)) collect(item, into, scalars);
}
