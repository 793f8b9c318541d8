import type { ModelMessage, ToolResultPart } from 'ai';

type ToolResultOutput = ToolResultPart['output'];

/**
 * The text a model sees of one message: its text parts, tool calls as `name(arguments JSON)`, tool results
 * as their output. Files and images are shown as `[file media/type]`. Used for sizes and naive estimates.
 */
export function messageText(message: ModelMessage): string {
  if (typeof message.content === 'string') return message.content;
  const pieces: string[] = [];
  for (const part of message.content) {
    switch (part.type) {
      case 'text':
      case 'reasoning':
        pieces.push(part.text);
        break;
      case 'tool-call':
        pieces.push(`${part.toolName}(${stringifyInput(part.input)})`);
        break;
      case 'tool-result':
        pieces.push(toolOutputText(part.output));
        break;
      case 'file':
      case 'image':
      case 'reasoning-file':
        pieces.push(`[file ${'mediaType' in part ? (part.mediaType ?? '') : ''}]`);
        break;
      default:
        break;
    }
  }
  return pieces.join('\n');
}

/** The text of a tool result's output, whatever its form. */
export function toolOutputText(output: ToolResultOutput): string {
  switch (output.type) {
    case 'text':
    case 'error-text':
      return output.value;
    case 'json':
    case 'error-json':
      return JSON.stringify(output.value);
    case 'execution-denied':
      return output.reason ?? 'execution denied';
    case 'content':
      return output.value.map((item) => (item.type === 'text' ? item.text : '[file]')).join('\n');
    default:
      return '';
  }
}

function stringifyInput(input: unknown): string {
  return typeof input === 'string' ? input : JSON.stringify(input ?? {});
}
