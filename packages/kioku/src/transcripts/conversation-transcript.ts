import { basename } from 'node:path';
import type { ModelMessage } from 'ai';
import { assistantCalls } from './assistant-calls.js';
import type { ToolDefinition, Transcript } from './transcript.js';

/** What {@link conversationTranscript} builds a transcript from. */
export interface ConversationTranscriptOptions {
  /** The importer's format, e.g. `anthropic-messages`. */
  format: string;
  file: string;
  /** The run's id; defaults to the file's name. */
  id?: string;
  /** The model, left out when empty or undefined. */
  model?: string | undefined;
  messages: ModelMessage[];
  tools?: ToolDefinition[] | undefined;
}

/**
 * A transcript of one request-shaped conversation, for formats that keep no per-call record: one recorded
 * call per assistant message.
 */
export function conversationTranscript({
  format,
  file,
  id = basename(file),
  model,
  messages,
  tools,
}: ConversationTranscriptOptions): Transcript {
  return {
    format,
    file,
    id,
    ...(model ? { model } : {}),
    messages,
    ...(tools ? { tools } : {}),
    calls: assistantCalls(messages, model),
  };
}
