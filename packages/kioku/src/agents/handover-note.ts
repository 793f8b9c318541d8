import {
  generateText,
  type LanguageModel,
  type LanguageModelUsage,
  type ModelMessage,
  type ToolSet,
} from 'ai';
import { summarizeArguments } from './summarize-arguments.js';

/** The instruction a sub-agent gets when its step cap is reached. */
export const handoverInstruction =
  'You have reached your step limit and cannot call more tools. Write a handover note for the agent that ' +
  'asked you: what you found so far (with the exact values: names, ids, counts, timestamps), what you tried ' +
  'that failed, and what remains to be done.';

/** Options of {@link handoverNote}. */
export interface HandoverNoteOptions {
  model: LanguageModel;
  system: string;
  request: string;
  /** The run's messages after the request. */
  messages: readonly ModelMessage[];
  tools: ToolSet;
  maxSteps: number;
  abortSignal?: AbortSignal;
}

/**
 * What a sub-agent returns when its step cap is reached: a note the model writes without tools, headed
 * by a line saying the cap was hit; when that call fails or says nothing, a note listing the tool calls
 * made, so the answer is never empty.
 */
export async function handoverNote({
  model,
  system,
  request,
  messages,
  tools,
  maxSteps,
  abortSignal,
}: HandoverNoteOptions): Promise<{ text: string; usage?: LanguageModelUsage }> {
  const heading = `[Step cap of ${maxSteps} reached before the request was finished; handover note follows.]`;
  try {
    const result = await generateText({
      model,
      system,
      messages: [
        { role: 'user', content: request },
        ...messages,
        { role: 'user', content: handoverInstruction },
      ],
      tools,
      toolChoice: 'none',
      ...(abortSignal === undefined ? {} : { abortSignal }),
    });
    if (result.text.trim() !== '') return { text: `${heading}\n${result.text}`, usage: result.totalUsage };
  } catch (error) {
    if (abortSignal?.aborted) throw error;
  }
  return { text: `${heading}\n${listToolCalls(messages)}` };
}

/** The tool calls of a run, one line each, for a note written without a model. */
export function listToolCalls(messages: readonly ModelMessage[]): string {
  const lines: string[] = [];
  for (const message of messages) {
    if (message.role !== 'assistant' || typeof message.content === 'string') continue;
    for (const part of message.content) {
      if (part.type === 'tool-call') lines.push(`- ${part.toolName} ${summarizeArguments(part.input)}`);
    }
  }
  return lines.length === 0
    ? 'No tool call was made.'
    : `Tool calls made (the model could not write a note):\n${lines.join('\n')}`;
}
