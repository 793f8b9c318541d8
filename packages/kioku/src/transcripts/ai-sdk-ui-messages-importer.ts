import { z } from 'zod';
import { conversationTranscript } from './conversation-transcript.js';
import { fromUiMessages } from './from-ui-messages.js';
import type { Importer } from './importer.js';
import { isRecord } from './is-record.js';
import { parseShape } from './parse-shape.js';

const partSchema = z
  .looseObject({
    type: z.string().min(1),
    text: z.string().optional(),
    mediaType: z.string().optional(),
    filename: z.string().optional(),
    url: z
      .string()
      .refine((url) => URL.canParse(url), 'a URL (data: URLs included)')
      .optional(),
    providerMetadata: z.record(z.string(), z.record(z.string(), z.json())).optional(),
    toolCallId: z.string().optional(),
    toolName: z.string().optional(),
    state: z.string().optional(),
    errorText: z.string().optional(),
    providerExecuted: z.boolean().optional(),
    dynamic: z.boolean().optional(),
    approval: z.looseObject({ approved: z.boolean().optional(), reason: z.string().optional() }).optional(),
  })
  .refine((part) => !['text', 'reasoning'].includes(part.type) || part.text !== undefined, {
    message: 'a text or reasoning part with its text',
    path: ['text'],
  })
  .refine((part) => part.type !== 'file' || part.url !== undefined, {
    message: 'a file part with its url',
    path: ['url'],
  })
  .refine(
    (part) =>
      !(part.type.startsWith('tool-') || part.type === 'dynamic-tool') || part.toolCallId !== undefined,
    { message: 'a tool part with its toolCallId', path: ['toolCallId'] },
  );

const uiMessagesSchema = z
  .array(
    z.looseObject({
      id: z.string(),
      role: z.enum(['system', 'user', 'assistant']),
      parts: z.array(partSchema),
    }),
  )
  .min(1);

/**
 * Reads AI SDK `UIMessage[]` saved as JSON (what `useChat` keeps and chat routes persist): `[{id, role,
 * parts}]`, converted to model messages as `convertToModelMessages` does (see `fromUiMessages`). One
 * transcript named after the file; each assistant step is a call.
 *
 * @example
 * const [run] = aiSdkUiMessagesImporter().read(JSON.parse(text), { file: 'chat.json' });
 */
export function aiSdkUiMessagesImporter(): Importer {
  return {
    format: 'ai-sdk-ui-messages',
    expected:
      'an AI SDK UIMessage[]: [{id, role: "system" | "user" | "assistant", parts: [{type: "text" | "tool-…" | ...}]}]',
    detect(value) {
      if (!Array.isArray(value)) return 0;
      const first: unknown = value[0];
      return isRecord(first) && Array.isArray(first.parts) && typeof first.role === 'string' && 'id' in first
        ? 0.95
        : 0;
    },
    read(value, { file, lines }) {
      const messages = parseShape(uiMessagesSchema, value, { file, lines });
      return [
        conversationTranscript({ format: 'ai-sdk-ui-messages', file, messages: fromUiMessages(messages) }),
      ];
    },
  };
}
