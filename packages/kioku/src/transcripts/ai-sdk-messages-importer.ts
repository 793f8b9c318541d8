import { modelMessageSchema } from 'ai';
import { z } from 'zod';
import { conversationTranscript } from './conversation-transcript.js';
import type { Importer } from './importer.js';
import { isRecord } from './is-record.js';
import { parseShape } from './parse-shape.js';

/** Part types only the AI SDK's message model has (OpenAI writes `image_url`, Anthropic `tool_use`). */
const aiSdkPartTypes = new Set([
  'tool-call',
  'tool-result',
  'reasoning',
  'file',
  'image',
  'tool-approval-request',
]);
const roles = new Set(['system', 'user', 'assistant', 'tool']);

/**
 * Reads an AI SDK `ModelMessage[]` saved as JSON (`JSON.stringify(messages)` of a `generateText` /
 * `streamText` history, or `response.messages` appended to the prompt), validated with the AI SDK's own
 * `modelMessageSchema`. One transcript named after the file; each assistant message is a call.
 *
 * @example
 * const [run] = aiSdkMessagesImporter().read(JSON.parse(text), { file: 'history.json' });
 */
export function aiSdkMessagesImporter(): Importer {
  return {
    format: 'ai-sdk-messages',
    expected:
      'an AI SDK ModelMessage[]: [{role: "system" | "user" | "assistant" | "tool", content: string | [{type: "text" | "tool-call" | "tool-result" | ...}]}]',
    detect(value) {
      if (!Array.isArray(value) || value.length === 0) return 0;
      const sample = value.slice(0, 50);
      if (
        !sample.every(
          (item) => isRecord(item) && roles.has(String(item.role)) && 'content' in item && !('parts' in item),
        )
      ) {
        return 0;
      }
      const aiSdkParts = sample.some(
        (item) =>
          isRecord(item) &&
          Array.isArray(item.content) &&
          item.content.some((part: unknown) => isRecord(part) && aiSdkPartTypes.has(String(part.type))),
      );
      // Text-only histories read the same as OpenAI chat messages, which detection prefers.
      return aiSdkParts ? 0.9 : 0.3;
    },
    read(value, { file, lines }) {
      const messages = parseShape(z.array(modelMessageSchema).min(1), value, { file, lines });
      return [conversationTranscript({ format: 'ai-sdk-messages', file, messages })];
    },
  };
}
