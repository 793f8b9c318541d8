import type { ModelMessage } from 'ai';
import { z } from 'zod';
import type { Importer } from './importer.js';
import { isRecord } from './is-record.js';
import { parseShape } from './parse-shape.js';

const entrySchema = z.looseObject({
  question: z.looseObject({ context: z.string().nullish(), question: z.string() }),
  trajectory: z
    .array(z.looseObject({ action: z.string(), observation: z.string(), done: z.boolean().nullish() }))
    .min(1),
});

/**
 * Reads ExCyTIn-Bench (SecRL) environment logs, `env_incident_*.json`: per question, the SQL the agent ran
 * and what the database answered. Each step becomes an `execute` tool call (input `{query}`) and its
 * result; the final step (`done`) is a `submit` call with the answer. The file does not record the
 * model's prompts, so there are no recorded calls; `agent_incident_*.json` has them.
 *
 * @example
 * const runs = excytinEnvImporter().read(JSON.parse(text), { file: 'env_incident_38.json' });
 */
export function excytinEnvImporter(): Importer {
  return {
    format: 'excytin-env',
    expected:
      'an ExCyTIn-Bench environment log: [{question: {context, question}, reward, trajectory: [{action, observation, done}]}]',
    detect(value) {
      if (!Array.isArray(value)) return 0;
      const first: unknown = value[0];
      if (!isRecord(first) || !Array.isArray(first.trajectory)) return 0;
      return isRecord(first.question) ? 0.9 : 0.6;
    },
    read(value, { file, lines }) {
      const entries = parseShape(z.array(entrySchema).min(1), value, { file, lines });
      return entries.map((entry, index) => {
        const { context, question } = entry.question;
        const messages: ModelMessage[] = [
          { role: 'user', content: context ? `${context} ${question}` : question },
        ];
        entry.trajectory.forEach((step, stepIndex) => {
          const toolCallId = `step-${stepIndex}`;
          const toolName = step.done ? 'submit' : 'execute';
          const input = step.done ? { answer: step.action } : { query: step.action };
          messages.push(
            { role: 'assistant', content: [{ type: 'tool-call', toolCallId, toolName, input }] },
            {
              role: 'tool',
              content: [
                {
                  type: 'tool-result',
                  toolCallId,
                  toolName,
                  output: { type: 'text', value: step.observation },
                },
              ],
            },
          );
        });
        return { format: 'excytin-env', file, id: `q${index}`, messages, calls: [] };
      });
    },
  };
}
