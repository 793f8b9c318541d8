import { basename } from 'node:path';
import { z } from 'zod';
import { assistantCalls } from './assistant-calls.js';
import { fromOpenAIChatMessages } from './from-openai-chat-messages.js';
import type { Importer } from './importer.js';
import { isRecord } from './is-record.js';
import { type OpenAIChatMessage, openAIChatMessageSchema } from './openai-chat-message.js';
import { parseShape } from './parse-shape.js';
import type { RecordedCall } from './transcript.js';

const fileSchema = z.looseObject({
  history: z.array(z.looseObject({ role: z.unknown(), tool_call_ids: z.array(z.string()).nullish() })).min(1),
  info: z
    .looseObject({ model_stats: z.looseObject({ api_calls: z.number().nullish() }).nullish() })
    .nullish(),
  replay_config: z.unknown().optional(),
});

const replayConfigSchema = z.looseObject({
  agent: z.looseObject({ model: z.looseObject({ name: z.string() }) }),
});

/**
 * Reads SWE-agent `*.traj` files from their `history` (the messages the model saw, OpenAI chat shapes;
 * tool messages name their call in `tool_call_ids`). In text-based runs the environment answers each action
 * in a user message: those are marked as observations, so strategies can mask them. Each assistant message is a recorded call unless
 * `info.model_stats.api_calls` is 0 (a replayed demonstration). The model comes from `replay_config`.
 *
 * @example
 * const [run] = sweAgentImporter().read(JSON.parse(text), { file: 'marshmallow-code__marshmallow-1867.traj' });
 */
export function sweAgentImporter(): Importer {
  return {
    format: 'swe-agent',
    expected:
      'a SWE-agent .traj: {trajectory: [{action, observation, …}], history: [{role, content, …}], info}',
    detect(value, fileName) {
      if (!isRecord(value) || !Array.isArray(value.history)) return 0;
      return Array.isArray(value.trajectory) || fileName.endsWith('.traj') ? 0.9 : 0.6;
    },
    read(value, { file, lines }) {
      const run = parseShape(fileSchema, value, { file, lines });
      const source = run.history.map((message, index): OpenAIChatMessage => {
        const ids = message.tool_call_ids;
        const withId =
          message.role === 'tool' && ids?.[0] !== undefined ? { ...message, tool_call_id: ids[0] } : message;
        return parseShape(openAIChatMessageSchema, withId, { file, path: ['history', index], lines });
      });
      const { messages } = fromOpenAIChatMessages(source, {
        file,
        path: ['history'],
        lines,
        observations: 'after-action',
      });
      const model = modelOf(run.replay_config);
      const calls: RecordedCall[] =
        run.info?.model_stats?.api_calls === 0 ? [] : assistantCalls(messages, model || undefined);
      return [
        {
          format: 'swe-agent',
          file,
          id: basename(file).replace(/\.traj$/, ''),
          ...(model ? { model } : {}),
          messages,
          calls,
        },
      ];
    },
  };
}

/** The model named in `replay_config` (an object, or the same as a JSON string), if any. */
function modelOf(replayConfig: unknown): string | undefined {
  let config = replayConfig;
  if (typeof config === 'string') {
    try {
      config = JSON.parse(config);
    } catch {
      return undefined;
    }
  }
  const parsed = replayConfigSchema.safeParse(config);
  return parsed.success ? parsed.data.agent.model.name : undefined;
}
