import type { ModelMessage, ToolResultPart } from 'ai';

/** Options of {@link toolStep}. */
export interface ToolStepOptions {
  id: string;
  toolName?: string;
  input?: unknown;
  /** A string is a `text` output. */
  output?: string | ToolResultPart['output'];
  thought?: string;
}

/** One agent step for hand-written tests: an assistant message with one tool call, and its result. */
export function toolStep({
  id,
  toolName = 'bash',
  input = { command: 'ls' },
  output = 'ok',
  thought,
}: ToolStepOptions): [ModelMessage, ModelMessage] {
  return [
    {
      role: 'assistant',
      content: [
        ...(thought === undefined ? [] : [{ type: 'text' as const, text: thought }]),
        { type: 'tool-call', toolCallId: id, toolName, input },
      ],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: id,
          toolName,
          output: typeof output === 'string' ? { type: 'text', value: output } : output,
        },
      ],
    },
  ];
}

/** `lines` lines of output, each `line N` padded to `width` characters. */
export function outputLines(lines: number, width = 40): string {
  return Array.from({ length: lines }, (_, i) => `line ${i}`.padEnd(width, '.')).join('\n');
}
