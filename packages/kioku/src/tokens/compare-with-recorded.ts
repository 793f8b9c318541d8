import type { ModelMessage } from 'ai';
import { messageSize } from '../messages/message-size.js';
import type { Transcript } from '../transcripts/transcript.js';
import { unrecordedToolTokens } from './calibration-file.js';
import { counterForModel } from './counter-for-model.js';
import type { TokenCounter } from './token-counter.js';

/** One recorded LLM call next to what a counter and the naive estimate make of its prompt. */
export interface RecordedComparison {
  file: string;
  /** The run's id in its file. */
  id: string;
  /** Index of the call among the transcript's calls. */
  callIndex: number;
  model: string | undefined;
  /** The counter's family and whether it is exact. */
  family: string;
  exact: boolean;
  /** Prompt tokens the provider billed. */
  recorded: number;
  /** Prompt tokens the counter counted (including `unrecordedToolTokens`). */
  counted: number;
  /** `ceil(characters / 4)` of the prompt's text, tool calls and tool JSON. */
  naive: number;
  /** Calibrated tokens added for tool definitions the transcript format does not record (0 if recorded). */
  unrecordedToolTokens: number;
}

/** Options of {@link compareWithRecorded}. */
export interface CompareWithRecordedOptions {
  /** Count every call with this counter; default `counterForModel(call.model ?? transcript.model)`. */
  counter?: TokenCounter;
  /**
   * Tokens to add per request for a transcript that calls tools but does not record their definitions;
   * default the calibrated constant of its format (`mini-swe-agent` runs do not record their `bash` tool).
   */
  unrecordedTools?: (transcript: Transcript) => number;
}

const naiveCharactersPerToken = 4;

/**
 * Counts the prompt of every recorded call that has usage (`messages.slice(0, messageCount)` plus the
 * transcript's tools) and sets it next to the prompt tokens the provider billed. Per-message counts are
 * cached, so a run costs one tokenization of each of its messages.
 *
 * @example
 * const rows = compareWithRecorded(transcripts);
 * console.log(summarizeErrors(rows).medianAbsErrorPct);
 */
export function compareWithRecorded(
  transcripts: readonly Transcript[],
  {
    counter,
    unrecordedTools = (transcript) =>
      transcript.tools === undefined && callsTools(transcript) ? unrecordedToolTokens(transcript.format) : 0,
  }: CompareWithRecordedOptions = {},
): RecordedComparison[] {
  const characters = new WeakMap<ModelMessage, number>();
  const charactersOf = (message: ModelMessage): number => {
    let count = characters.get(message);
    if (count === undefined) {
      count = messageSize(message).characters;
      characters.set(message, count);
    }
    return count;
  };
  const rows: RecordedComparison[] = [];
  for (const transcript of transcripts) {
    const toolCharacters = transcript.tools === undefined ? 0 : JSON.stringify(transcript.tools).length;
    const extra = unrecordedTools(transcript);
    transcript.calls.forEach((call, callIndex) => {
      if (call.usage === undefined) return;
      const model = call.model ?? transcript.model;
      const callCounter = counter ?? counterForModel(model);
      const messages = transcript.messages.slice(0, call.messageCount);
      const prompt = transcript.tools === undefined ? { messages } : { messages, tools: transcript.tools };
      let promptCharacters = toolCharacters;
      for (const message of messages) promptCharacters += charactersOf(message);
      rows.push({
        file: transcript.file,
        id: transcript.id,
        callIndex,
        model,
        family: callCounter.family,
        exact: callCounter.exact,
        recorded: call.usage.promptTokens,
        counted: callCounter.countPrompt(prompt) + extra,
        naive: Math.ceil(promptCharacters / naiveCharactersPerToken),
        unrecordedToolTokens: extra,
      });
    });
  }
  return rows;
}

function callsTools(transcript: Transcript): boolean {
  return transcript.messages.some(
    (message) =>
      message.role === 'assistant' &&
      Array.isArray(message.content) &&
      message.content.some((part) => part.type === 'tool-call'),
  );
}
