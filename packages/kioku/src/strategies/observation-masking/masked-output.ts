import type { ToolResultPart } from 'ai';
import { toolOutputText } from '../../messages/message-text.js';
import { formatCount } from '../internal/format-count.js';

/** What a placeholder replaces: the tool, the size of its output and the output's text. */
export interface MaskedOutput {
  toolName: string;
  /** The tool call whose output is masked: the handle `recallOutput` finds the original by. */
  toolCallId: string;
  /** The output's text as the model saw it (JSON outputs stringified); untrusted. */
  text: string;
  /** Lines of the output's text (0 when empty). */
  lines: number;
  /** Characters of the output's text. */
  characters: number;
  /** Tokens of the output's text, by the counter the strategy was applied with. */
  tokens: number;
  /** Files and images in a `content` output. */
  files: number;
  /** True when the output was an error (`error-text`, `error-json`). */
  error: boolean;
  /**
   * Whether the messages before the output, tool outputs aside (the task, the agent's own text and
   * calls as sent), already hold `value`: the agent carried it forward, so masking the output does not
   * take it away. Absent: not known.
   */
  known?: (value: string) => boolean;
}

/**
 * A placeholder that can do ahead of time the work that depends on the output's text alone
 * (`digestPlaceholder`'s digest): `observationMasking` calls `prepare` with the text of each output the
 * next batch may mask, so the call that masks a batch of them does not do that work for the whole batch.
 */
export interface PreparedPlaceholder {
  (output: MaskedOutput): string;
  /** Does ahead what `output.text` alone decides; the placeholder of that output is the same either way. */
  prepare(text: string): void;
}

/** Measures a tool result for its placeholder; `known` as {@link MaskedOutput.known}. */
export function maskedOutput(
  part: ToolResultPart,
  tokens: number,
  known?: (value: string) => boolean,
): MaskedOutput {
  const text = toolOutputText(part.output);
  let lines = text === '' ? 0 : 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines += 1;
  const { output } = part;
  return {
    toolName: part.toolName,
    toolCallId: part.toolCallId,
    text,
    lines,
    characters: text.length,
    tokens,
    files: output.type === 'content' ? output.value.filter((item) => item.type !== 'text').length : 0,
    error: output.type === 'error-text' || output.type === 'error-json',
    ...(known === undefined ? {} : { known }),
  };
}

/**
 * The default one-line placeholder, in the spirit of SWE-agent's "Old environment output: (N lines
 * omitted)": which tool, and how much was cut, e.g.
 * `[Old bash output omitted: 212 lines, 8,431 characters]`.
 */
export function describeMaskedOutput({ toolName, lines, characters, files, error }: MaskedOutput): string {
  const what = error ? 'error output' : 'output';
  const fileNote = files === 0 ? '' : `, ${formatCount(files)} ${files === 1 ? 'file' : 'files'}`;
  return `[Old ${toolName} ${what} omitted: ${formatCount(lines)} ${lines === 1 ? 'line' : 'lines'}, ${formatCount(characters)} characters${fileNote}]`;
}
