import type { AssistantContent, ModelMessage, ToolContent } from 'ai';
import { z } from 'zod';
import { bfclTurnPlaceholder } from './bfcl-gold-importer.js';
import type { Importer } from './importer.js';
import { isRecord } from './is-record.js';
import { parsePythonCall } from './parse-python-call.js';
import { parseShape } from './parse-shape.js';
import type { RecordedCall, Transcript } from './transcript.js';

const rowSchema = z.looseObject({
  id: z.string().regex(/^multi_turn_/),
  result: z.array(z.unknown()),
  inference_log: z.array(z.unknown()).optional(),
  input_token_count: z.array(z.unknown()).optional(),
  output_token_count: z.array(z.unknown()).optional(),
});
type Row = z.output<typeof rowSchema>;

/** What a call's result says when the result file records only the calls (no inference log). */
export const bfclResultNoOutput = '(model call: no output recorded)';

/**
 * Reads the Berkeley Function-Calling Leaderboard's multi-turn model results (`result/<model>/BFCL_v4_
 * multi_turn_*_result.json`, JSON Lines: `{id, result, inference_log, input_token_count,
 * output_token_count}`): one transcript per task with the calls the model made. With the inference log
 * (BFCL writes it by default) each turn is its user query, then per step the model's calls (function-
 * calling models: `{name: arguments JSON}`; prompting models: the calls their handler decoded, Python call
 * syntax) and what each returned, and one recorded call per answered step with its token counts. Without it the
 * turns are placeholders until the question file is attached (as for the gold answers, see
 * `attachBfclQuestions`) and the calls come from `result`, without outputs. The model is not in the file.
 *
 * @example
 * const runs = bfclResultImporter().read(rows, { file: 'result/gpt-4o/BFCL_v4_multi_turn_base_result.json', lines });
 */
export function bfclResultImporter(): Importer {
  return {
    format: 'bfcl-result',
    expected:
      'BFCL multi-turn model results (JSON Lines): {id: "multi_turn_…", result: [[[calls of a step], …], …], inference_log?}',
    detect(value) {
      if (!Array.isArray(value)) return 0;
      const first: unknown = value[0];
      return isRecord(first) &&
        typeof first.id === 'string' &&
        first.id.startsWith('multi_turn_') &&
        Array.isArray(first.result) &&
        !('ground_truth' in first)
        ? 0.95
        : 0;
    },
    read(value, { file, lines }) {
      const rows = parseShape(z.array(rowSchema).min(1), value, { file, lines });
      return rows.map((row) =>
        row.inference_log === undefined
          ? fromResult(row, file)
          : fromInferenceLog(row, row.inference_log, file),
      );
    },
  };
}

interface Call {
  name: string;
  input: unknown;
}

/** The calls of one step as the result or the inference log records them (dicts, or Python call strings). */
function stepCalls(step: unknown): Call[] {
  const entries = Array.isArray(step) ? step : [step];
  return entries.flatMap((entry): Call[] => {
    if (typeof entry === 'string') {
      try {
        const call = parsePythonCall(entry);
        return [{ name: call.name, input: call.args }];
      } catch {
        return [];
      }
    }
    if (!isRecord(entry)) return [];
    return Object.entries(entry).map(([name, argumentsText]) => ({
      name,
      input: parseArguments(argumentsText),
    }));
  });
}

function parseArguments(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return { arguments: value };
  }
}

function pushCalls(
  messages: ModelMessage[],
  calls: readonly Call[],
  outputs: readonly string[],
  id: (index: number) => string,
): void {
  const assistant: AssistantContent = calls.map((call, index) => ({
    type: 'tool-call' as const,
    toolCallId: id(index),
    toolName: call.name,
    input: call.input,
  }));
  const results: ToolContent = calls.map((call, index) => ({
    type: 'tool-result' as const,
    toolCallId: id(index),
    toolName: call.name,
    output: { type: 'text' as const, value: outputs[index] ?? bfclResultNoOutput },
  }));
  messages.push({ role: 'assistant', content: assistant }, { role: 'tool', content: results });
}

function fromResult(row: Row, file: string): Transcript {
  const messages: ModelMessage[] = [];
  row.result.forEach((turn, turnIndex) => {
    messages.push({ role: 'user', content: bfclTurnPlaceholder(turnIndex) });
    (Array.isArray(turn) ? turn : []).forEach((step, stepIndex) => {
      const calls = stepCalls(step);
      if (calls.length > 0)
        pushCalls(messages, calls, [], (index) => `t${turnIndex}-s${stepIndex}-c${index}`);
    });
  });
  return { format: 'bfcl-result', file, id: row.id, messages, calls: [] };
}

const tokenCount = (counts: unknown[] | undefined, turn: number, step: number): number | undefined => {
  const perTurn = counts?.[turn];
  const count = Array.isArray(perTurn) ? perTurn[step] : undefined;
  return typeof count === 'number' ? count : undefined;
};

function fromInferenceLog(row: Row, log: readonly unknown[], file: string): Transcript {
  const messages: ModelMessage[] = [];
  const calls: RecordedCall[] = [];
  let turnIndex = -1;
  for (const turn of log) {
    // State snapshots (`state_info`) sit between the turns as lists.
    if (!isRecord(turn) || !Array.isArray(turn.begin_of_turn_query)) continue;
    turnIndex += 1;
    for (const query of turn.begin_of_turn_query) {
      if (isRecord(query) && query.role === 'user' && typeof query.content === 'string')
        messages.push({ role: 'user', content: query.content });
    }
    const steps = Object.keys(turn)
      .filter((key) => /^step_\d+$/.test(key))
      .sort((a, b) => Number(a.slice(5)) - Number(b.slice(5)));
    for (const key of steps) {
      const entries = (Array.isArray(turn[key]) ? turn[key] : []).filter(isRecord);
      const stepIndex = Number(key.slice(5));
      const prompt = tokenCount(row.input_token_count, turnIndex, stepIndex);
      const before = messages.length;
      const assistant = entries.find((entry) => entry.role === 'assistant');
      const decoded = entries.find(
        (entry) => entry.role === 'handler_log' && Array.isArray(entry.model_response_decoded),
      );
      // A function-calling model's own calls; a prompting model's text, as its handler decoded it.
      const made = Array.isArray(assistant?.content)
        ? stepCalls(assistant.content)
        : stepCalls(decoded?.model_response_decoded ?? []);
      const outputs = entries.flatMap((entry) =>
        entry.role === 'tool'
          ? [typeof entry.content === 'string' ? entry.content : JSON.stringify(entry.content)]
          : [],
      );
      if (made.length > 0) {
        pushCalls(messages, made, outputs, (index) => `t${turnIndex}-s${stepIndex}-c${index}`);
      } else if (typeof assistant?.content === 'string' && assistant.content.trim() !== '') {
        messages.push({ role: 'assistant', content: assistant.content });
      }
      // A step the model answered is a call with its token counts; an empty answer (the turn's end) has
      // no message to stand for it.
      if (prompt !== undefined && messages.length > before) {
        const completion = tokenCount(row.output_token_count, turnIndex, stepIndex);
        calls.push({
          messageCount: before,
          usage:
            completion === undefined
              ? { promptTokens: prompt }
              : { promptTokens: prompt, completionTokens: completion },
        });
      }
    }
  }
  return { format: 'bfcl-result', file, id: row.id, messages, calls };
}
