import { isSummarizeEdit } from '../strategies/summarization/summarize-edit.js';
import type { PreparedPrompt } from './create-compactor.js';
import type { PromptPreparedEvent } from './kioku-event.js';

/** What a prompt holds of kioku's work, from the edits that made it and its messages. */
export function promptFigures(
  prepared: PreparedPrompt,
): Pick<PromptPreparedEvent, 'outputsMasked' | 'inputsCleared' | 'summaries' | 'breakpoints'> {
  let outputsMasked = 0;
  let inputsCleared = 0;
  let summaries = 0;
  for (const edit of prepared.edits) {
    if (edit.kind === 'mask-tool-result' || edit.kind === 'clear-tool-result') outputsMasked += 1;
    else if (edit.kind === 'clear-tool-input') inputsCleared += 1;
    else if (isSummarizeEdit(edit) && edit.fresh) summaries += 1;
  }
  let breakpoints = 0;
  for (const message of prepared.messages) {
    if (hasBreakpoint(message.providerOptions)) breakpoints += 1;
    if (Array.isArray(message.content)) {
      for (const part of message.content) {
        if ('providerOptions' in part && hasBreakpoint(part.providerOptions)) breakpoints += 1;
      }
    }
  }
  return { outputsMasked, inputsCleared, summaries, breakpoints };
}

function hasBreakpoint(options: { anthropic?: { cacheControl?: unknown } } | undefined): boolean {
  return options?.anthropic?.cacheControl !== undefined;
}
