import { z } from 'zod';
import { assistantCalls } from './assistant-calls.js';
import { fromOpenAIChatMessages } from './from-openai-chat-messages.js';
import type { Importer } from './importer.js';
import { isRecord } from './is-record.js';
import { openAIChatMessageSchema } from './openai-chat-message.js';
import { parseShape } from './parse-shape.js';

const runSchema = z.looseObject({
  task_id: z.union([z.number(), z.string()]),
  trial: z.number().nullish(),
  traj: z.array(openAIChatMessageSchema).min(1),
});

/**
 * Reads tau-bench results: a list of `{task_id, trial, reward, info, traj}` where `traj` holds OpenAI chat
 * messages. One transcript per run, id `task-<task_id>-trial-<trial>`; each assistant message is a call.
 *
 * @example
 * const runs = tauBenchImporter().read(JSON.parse(text), { file: 'gpt-4o-airline.json' });
 */
export function tauBenchImporter(): Importer {
  return {
    format: 'tau-bench',
    expected: 'tau-bench results: [{task_id, trial, reward, info, traj: [OpenAI chat messages]}]',
    detect(value) {
      if (!Array.isArray(value)) return 0;
      const first: unknown = value[0];
      return isRecord(first) && Array.isArray(first.traj) ? ('task_id' in first ? 0.95 : 0.7) : 0;
    },
    read(value, { file, lines }) {
      const runs = parseShape(z.array(runSchema).min(1), value, { file, lines });
      return runs.map((run, index) => {
        const { messages } = fromOpenAIChatMessages(run.traj, { file, path: [index, 'traj'], lines });
        const trial = run.trial ?? 0;
        return {
          format: 'tau-bench',
          file,
          id: `task-${run.task_id}-trial-${trial}`,
          messages,
          calls: assistantCalls(messages),
        };
      });
    },
  };
}
