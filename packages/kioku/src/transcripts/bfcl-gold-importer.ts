import type { ModelMessage } from 'ai';
import { z } from 'zod';
import { TranscriptFormatError } from '../errors/transcript-format-error.js';
import type { Importer } from './importer.js';
import { isRecord } from './is-record.js';
import { parsePythonCall } from './parse-python-call.js';
import { parseShape } from './parse-shape.js';

const rowSchema = z.looseObject({
  id: z.string(),
  ground_truth: z.array(z.array(z.string())),
});

/** The user message a BFCL turn gets until its question is attached (see `attachBfclQuestions`). */
export const bfclTurnPlaceholder = (turn: number): string => `[BFCL turn ${turn + 1}]`;

/** What a gold call's result says: BFCL's answers record the calls, not what they returned. */
export const bfclGoldOutput = '(gold call: no output recorded)';

/**
 * Reads the Berkeley Function-Calling Leaderboard's multi-turn gold answers (`possible_answer/*.json`,
 * JSON Lines: `{id, ground_truth: [[ "cd(folder='document')", … ] per turn]}`): one transcript per task,
 * each turn a user message (a placeholder until the question file is attached) followed by its gold calls
 * in order, arguments parsed from Python call syntax. There are no model calls to replay.
 *
 * @example
 * const runs = bfclGoldImporter().read(rows, { file: 'possible_answer/BFCL_v4_multi_turn_base.json', lines });
 */
export function bfclGoldImporter(): Importer {
  return {
    format: 'bfcl-gold',
    expected:
      'BFCL multi-turn gold answers (JSON Lines): {id, ground_truth: [["cd(folder=\'document\')", …], …]}',
    detect(value) {
      if (!Array.isArray(value)) return 0;
      const first: unknown = value[0];
      return isRecord(first) && typeof first.id === 'string' && Array.isArray(first.ground_truth) ? 0.95 : 0;
    },
    read(value, { file, lines }) {
      const rows = parseShape(z.array(rowSchema).min(1), value, { file, lines });
      return rows.map((row, rowIndex) => {
        const messages: ModelMessage[] = [];
        row.ground_truth.forEach((turn, turnIndex) => {
          messages.push({ role: 'user', content: bfclTurnPlaceholder(turnIndex) });
          turn.forEach((text, callIndex) => {
            let call: ReturnType<typeof parsePythonCall>;
            try {
              call = parsePythonCall(text);
            } catch (error) {
              const line = lines?.[rowIndex];
              throw new TranscriptFormatError({
                file,
                location: `${line === undefined ? `$[${rowIndex}]` : `line ${line}`}.ground_truth[${turnIndex}][${callIndex}]`,
                expected: 'a Python call with literal arguments',
                found: error instanceof Error ? error.message : String(error),
                cause: error,
              });
            }
            const toolCallId = `t${turnIndex}-c${callIndex}`;
            messages.push(
              {
                role: 'assistant',
                content: [{ type: 'tool-call', toolCallId, toolName: call.name, input: call.args }],
              },
              {
                role: 'tool',
                content: [
                  {
                    type: 'tool-result',
                    toolCallId,
                    toolName: call.name,
                    output: { type: 'text', value: bfclGoldOutput },
                  },
                ],
              },
            );
          });
        });
        return { format: 'bfcl-gold', file, id: row.id, messages, calls: [] };
      });
    },
  };
}
