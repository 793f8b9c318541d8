import type { ModelMessage } from 'ai';
import type { ToolDefinition, Transcript } from '../index.js';
import { parseJsonText } from '../parse-json-text.js';
import { toAnthropicConversation } from './to-anthropic-conversation.js';
import { toGeminiConversation } from './to-gemini-conversation.js';
import { toOpenAIChatMessages } from './to-openai-chat-messages.js';

/** A compacted transcript ready to write, in the format it was written in, and why not the input's when so. */
export interface WrittenTranscript {
  text: string;
  format: string;
  /** Set when the input's format could not be written back and OpenAI chat JSON was written instead. */
  note?: string;
}

/** Formats whose files hold more than a conversation (trajectories, environment logs, task metadata). */
const notWritable: Record<string, string> = {
  'mini-swe-agent': 'its trajectory interleaves the conversation with environment state and run metadata',
  'swe-agent': 'its trajectory records each step’s thought, action and observation apart from the history',
  'openhands-completion': 'its completion logs hold one request per call, not one conversation',
  'tau-bench': 'its results hold task metadata and rewards around each conversation',
  'excytin-agent': 'its logs hold the agent’s trace around the conversation',
  'excytin-env': 'its logs hold the environment’s trace around the conversation',
  'tau2-bench':
    'its results hold task metadata, rewards and the simulated user’s own tool calls around each conversation',
  'kioku-session-export':
    'a session export is written by `kioku sessions export`, which records compactions as views',
};

/**
 * The compacted runs of a transcript file as text to write: in the input's own shape and format for
 * OpenAI chat (a messages array, a request, a list of requests, or JSON Lines), Anthropic Messages,
 * Gemini `contents` (other keys of the request kept) and AI SDK `ModelMessage[]`, and as OpenAI chat JSON with a `note` for formats
 * that cannot be written back faithfully.
 */
export function writeCompacted({
  file,
  text,
  transcripts,
  compacted,
}: {
  file: string;
  /** The input file's text. */
  text: string;
  transcripts: readonly Transcript[];
  /** The compacted messages of each transcript, in order. */
  compacted: readonly ModelMessage[][];
}): WrittenTranscript {
  const format = transcripts[0]?.format ?? 'openai-chat';
  const { value, lines } = parseJsonText(text, { file });
  const json = (data: unknown) => `${JSON.stringify(data, null, 2)}\n`;
  const runs = compacted.map((messages) => messages);
  const first = runs[0] ?? [];
  const record = isRecord(value) ? value : {};

  switch (format) {
    case 'openai-chat': {
      if (Array.isArray(value) && (value.length === 0 || (isRecord(value[0]) && 'role' in value[0]))) {
        const messages = toOpenAIChatMessages(first);
        return {
          format,
          text:
            lines === undefined ? json(messages) : `${messages.map((m) => JSON.stringify(m)).join('\n')}\n`,
        };
      }
      if (Array.isArray(value)) {
        const requests = value.map((request, index) => ({
          ...(isRecord(request) ? request : {}),
          messages: toOpenAIChatMessages(runs[index] ?? []),
        }));
        return {
          format,
          text:
            lines === undefined ? json(requests) : `${requests.map((r) => JSON.stringify(r)).join('\n')}\n`,
        };
      }
      return { format, text: json({ ...record, messages: toOpenAIChatMessages(first) }) };
    }
    case 'anthropic-messages': {
      const { system: _system, ...rest } = record;
      return { format, text: json({ ...rest, ...toAnthropicConversation(first) }) };
    }
    case 'gemini-contents': {
      const { systemInstruction: _system, ...rest } = record;
      return { format, text: json({ ...rest, ...toGeminiConversation(first) }) };
    }
    case 'ai-sdk-messages':
      return { format, text: json(first) };
    case 'ai-sdk-ui-messages':
      return {
        format: 'ai-sdk-messages',
        text: json(first),
        note: 'UI messages hold UI state (ids, tool states, data parts) a compacted history no longer has; wrote the compacted conversation as AI SDK ModelMessage[] JSON instead',
      };
    default: {
      const requests = transcripts.map((transcript, index) => openAIRequest(transcript, runs[index] ?? []));
      return {
        format: 'openai-chat',
        text: json(requests.length === 1 ? requests[0] : requests),
        note: `${format} cannot be written back faithfully (${notWritable[format] ?? 'kioku has no writer for it'}); wrote the compacted conversation as OpenAI chat JSON instead`,
      };
    }
  }
}

function openAIRequest(transcript: Transcript, messages: readonly ModelMessage[]): Record<string, unknown> {
  return {
    ...(transcript.model === undefined ? {} : { model: transcript.model }),
    messages: toOpenAIChatMessages(messages),
    ...(transcript.tools === undefined ? {} : { tools: transcript.tools.map(openAITool) }),
  };
}

function openAITool(tool: ToolDefinition): Record<string, unknown> {
  return {
    type: 'function',
    function: {
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      parameters: tool.inputSchema,
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
