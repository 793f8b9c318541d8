import { basename } from 'node:path';
import { z } from 'zod';
import { fromOpenAIChatMessages } from './from-openai-chat-messages.js';
import type { Importer } from './importer.js';
import { isRecord } from './is-record.js';
import { openAIChatMessageSchema } from './openai-chat-message.js';
import { parseShape } from './parse-shape.js';
import type { RecordedCall } from './transcript.js';

const usageSchema = z.looseObject({
  prompt_tokens: z.number(),
  completion_tokens: z.number().nullish(),
  prompt_cache_hit_tokens: z.number().nullish(),
  prompt_tokens_details: z.looseObject({ cached_tokens: z.number().nullish() }).nullish(),
});

const extraSchema = z
  .looseObject({
    response: z.looseObject({ model: z.string().nullish(), usage: usageSchema.nullish() }).nullish(),
    cost: z.number().nullish(),
    timestamp: z.number().nullish(),
  })
  .nullish();

const fileSchema = z.looseObject({
  instance_id: z.string().optional(),
  trajectory_format: z.string().optional(),
  messages: z.array(z.looseObject({ role: z.unknown(), extra: extraSchema })).min(1),
});

/**
 * Reads mini-swe-agent `*.traj.json` runs: OpenAI chat messages whose assistant messages carry the
 * provider response in `extra.response` (model, usage with DeepSeek cache hit tokens) and `extra.cost`.
 * The closing `role: 'exit'` message (the submission, never sent to the model) is left out.
 *
 * @example
 * const [run] = miniSweAgentImporter().read(JSON.parse(text), { file: 'x.traj.json' });
 */
export function miniSweAgentImporter(): Importer {
  return {
    format: 'mini-swe-agent',
    expected:
      'a mini-swe-agent run: {trajectory_format: "mini-swe-agent-…", instance_id, info, messages: [OpenAI chat messages with extra.response]}',
    detect(value, fileName) {
      if (!isRecord(value) || !Array.isArray(value.messages)) return 0;
      if (typeof value.trajectory_format === 'string' && value.trajectory_format.startsWith('mini-swe-agent'))
        return 1;
      return fileName.endsWith('.traj.json') && 'info' in value ? 0.8 : 0;
    },
    read(value, { file, lines }) {
      const run = parseShape(fileSchema, value, { file, lines });
      const kept: typeof run.messages = [];
      const sourceIndex: number[] = [];
      run.messages.forEach((message, index) => {
        if (message.role === 'exit') return;
        kept.push(message);
        sourceIndex.push(index);
      });
      const source = kept.map((message, k) =>
        parseShape(openAIChatMessageSchema, message, {
          file,
          path: ['messages', sourceIndex[k] ?? k],
          lines,
        }),
      );
      const path = ['messages'];
      const { messages, before } = fromOpenAIChatMessages(source, { file, path, lines, sourceIndex });
      const calls: RecordedCall[] = [];
      kept.forEach((message, index) => {
        if (message.role !== 'assistant' || !message.extra) return;
        const { response, cost, timestamp } = message.extra;
        calls.push(recordedCall(before[index] ?? 0, response?.model, response?.usage, cost, timestamp));
      });
      const model = calls.find((call) => call.model !== undefined)?.model;
      return [
        {
          format: 'mini-swe-agent',
          file,
          id: run.instance_id ?? basename(file).replace(/\.traj\.json$/, ''),
          ...(model === undefined ? {} : { model }),
          messages,
          calls,
        },
      ];
    },
  };
}

function recordedCall(
  messageCount: number,
  model: string | null | undefined,
  usage: z.output<typeof usageSchema> | null | undefined,
  cost: number | null | undefined,
  timestamp: number | null | undefined,
): RecordedCall {
  const call: RecordedCall = { messageCount };
  if (model) call.model = model;
  if (timestamp !== null && timestamp !== undefined) call.timestamp = timestamp;
  if (usage) {
    call.usage = { promptTokens: usage.prompt_tokens };
    if (usage.completion_tokens !== null && usage.completion_tokens !== undefined) {
      call.usage.completionTokens = usage.completion_tokens;
    }
    const cacheRead = usage.prompt_cache_hit_tokens ?? usage.prompt_tokens_details?.cached_tokens;
    if (cacheRead !== null && cacheRead !== undefined) call.usage.cacheReadTokens = cacheRead;
    if (cost !== null && cost !== undefined) call.usage.cost = cost;
  }
  return call;
}
