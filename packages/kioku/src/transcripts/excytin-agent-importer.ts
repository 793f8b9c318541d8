import { z } from 'zod';
import { assistantCalls } from './assistant-calls.js';
import { fromOpenAIChatMessages } from './from-openai-chat-messages.js';
import type { Importer } from './importer.js';
import { isRecord } from './is-record.js';
import { openAIChatMessageSchema } from './openai-chat-message.js';
import { parseShape } from './parse-shape.js';
import type { Transcript } from './transcript.js';

const entrySchema = z.looseObject({
  question_dict: z.looseObject({ question: z.string().nullish() }).nullish(),
  trials: z.record(
    z.string(),
    z.looseObject({
      messages: z.array(openAIChatMessageSchema).min(1),
      usage_summary: z.record(z.string(), z.unknown()).nullish(),
    }),
  ),
});

/**
 * Reads ExCyTIn-Bench (SecRL) agent logs, `agent_incident_*.json`: a list of questions, each with
 * `trials` of ReAct messages (the agent writes `Thought: … Action: execute[SQL]` as text and the
 * database answers in user messages, marked as observations so strategies can mask them). One transcript per trial, id `q<question>-trial<trial>`; each
 * assistant message is a call to the model named in `usage_summary`.
 *
 * @example
 * const runs = excytinAgentImporter().read(JSON.parse(text), { file: 'agent_incident_38.json' });
 */
export function excytinAgentImporter(): Importer {
  return {
    format: 'excytin-agent',
    expected:
      'an ExCyTIn-Bench agent log: [{question_dict, reward, trials: {"0": {messages: [{role, content}], usage_summary}}}]',
    detect(value) {
      if (!Array.isArray(value)) return 0;
      const first: unknown = value[0];
      return isRecord(first) && isRecord(first.trials) ? ('question_dict' in first ? 0.95 : 0.7) : 0;
    },
    read(value, { file, lines }) {
      const entries = parseShape(z.array(entrySchema).min(1), value, { file, lines });
      return entries.flatMap((entry, index) =>
        Object.entries(entry.trials).map(([trial, run]): Transcript => {
          const path = [index, 'trials', trial, 'messages'];
          const { messages } = fromOpenAIChatMessages(run.messages, {
            file,
            path,
            lines,
            observations: 'after-action',
          });
          const model = Object.keys(run.usage_summary ?? {})[0];
          return {
            format: 'excytin-agent',
            file,
            id: `q${index}-trial${trial}`,
            ...(model === undefined ? {} : { model }),
            messages,
            calls: assistantCalls(messages, model),
          };
        }),
      );
    },
  };
}
