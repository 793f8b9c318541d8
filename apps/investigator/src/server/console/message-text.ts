import type { ModelMessage } from 'ai';

/** A message as plain text: its text parts, tool calls as `→ name {input}`, tool results as their output. */
export function messageText(message: ModelMessage): string {
  if (typeof message.content === 'string') return message.content;
  return message.content
    .map((part) => {
      if (part.type === 'text' || part.type === 'reasoning') return part.text;
      if (part.type === 'tool-call') return `→ ${part.toolName} ${JSON.stringify(part.input)}`;
      if (part.type === 'tool-result') {
        const output = part.output;
        return `← ${part.toolName} ${'value' in output ? (typeof output.value === 'string' ? output.value : JSON.stringify(output.value)) : ''}`;
      }
      return `[${part.type}]`;
    })
    .join('\n');
}
