import { basename, dirname } from 'node:path';
import { z } from 'zod';
import { fromOpenAIChatMessages } from './from-openai-chat-messages.js';
import { fromOpenAITools, openAIToolsSchema } from './from-openai-tools.js';
import type { Importer } from './importer.js';
import { isRecord } from './is-record.js';
import { openAIChatMessageSchema } from './openai-chat-message.js';
import { parseShape } from './parse-shape.js';
import type { RecordedCall, RecordedUsage } from './transcript.js';

const usageSchema = z.looseObject({
  prompt_tokens: z.number(),
  completion_tokens: z.number().nullish(),
  cache_creation_input_tokens: z.number().nullish(),
  cache_read_input_tokens: z.number().nullish(),
  prompt_tokens_details: z.looseObject({ cached_tokens: z.number().nullish() }).nullish(),
});

const fileSchema = z.looseObject({
  messages: z.array(openAIChatMessageSchema).min(1),
  response: z.looseObject({
    model: z.string().nullish(),
    choices: z.array(z.looseObject({ message: openAIChatMessageSchema })).nullish(),
    usage: usageSchema.nullish(),
  }),
  kwargs: z.looseObject({ tools: openAIToolsSchema.nullish() }).nullish(),
  cost: z.number().nullish(),
  timestamp: z.number().nullish(),
});

/**
 * Reads an OpenHands `llm_completions` file: the exact prompt of one LLM call (`messages`, OpenAI chat
 * shapes with Anthropic `cache_control` markers), the response and its usage, and the tools sent. The
 * response message is appended, so the transcript ends with what the model answered; the one recorded
 * call is the prompt before it. Per-call usage of the whole run comes from `attachUsageLog`.
 *
 * @example
 * const [run] = openHandsCompletionImporter().read(JSON.parse(text), { file: 'django__django-11099.json' });
 */
export function openHandsCompletionImporter(): Importer {
  return {
    format: 'openhands-completion',
    expected:
      'an OpenHands llm_completions file: {messages: [OpenAI chat messages], response: {choices, usage}, kwargs: {tools}, cost, timestamp}',
    detect(value) {
      if (!isRecord(value) || !Array.isArray(value.messages) || !isRecord(value.response)) return 0;
      return 'kwargs' in value || 'cost' in value ? 0.95 : 0.7;
    },
    read(value, { file, lines }) {
      const record = parseShape(fileSchema, value, { file, lines });
      const answer = record.response.choices?.[0]?.message;
      const source = answer === undefined ? record.messages : [...record.messages, answer];
      const converted = fromOpenAIChatMessages(source, { file, path: ['messages'], lines });
      const call: RecordedCall = { messageCount: record.messages.length };
      const model = record.response.model?.replace(/^litellm_proxy\//, '');
      if (model) call.model = model;
      if (record.response.usage) call.usage = usageOf(record.response.usage, record.cost);
      if (record.timestamp !== null && record.timestamp !== undefined) call.timestamp = record.timestamp;
      const tools = record.kwargs?.tools ? fromOpenAITools(record.kwargs.tools) : undefined;
      return [
        {
          format: 'openhands-completion',
          file,
          id: instanceId(file),
          ...(model ? { model } : {}),
          messages: converted.messages,
          ...(tools === undefined ? {} : { tools }),
          calls: [call],
        },
      ];
    },
  };
}

function usageOf(usage: z.output<typeof usageSchema>, cost: number | null | undefined): RecordedUsage {
  const result: RecordedUsage = { promptTokens: usage.prompt_tokens };
  if (usage.completion_tokens != null) result.completionTokens = usage.completion_tokens;
  const cacheRead = usage.cache_read_input_tokens ?? usage.prompt_tokens_details?.cached_tokens;
  if (cacheRead != null) result.cacheReadTokens = cacheRead;
  if (usage.cache_creation_input_tokens != null) result.cacheWriteTokens = usage.cache_creation_input_tokens;
  if (cost != null) result.cost = cost;
  return result;
}

/**
 * The SWE-bench instance a completion file belongs to: its name in `llm_completions_last_per_instance/`,
 * its folder in `llm_completions/<instance>/<model>-<timestamp>.json`.
 */
function instanceId(file: string): string {
  const name = basename(file).replace(/\.json$/, '');
  return /-\d{9,}(\.\d+)?$/.test(name) ? basename(dirname(file)) : name;
}
