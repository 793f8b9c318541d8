import {
  generateText,
  isStepCount,
  type LanguageModel,
  type LanguageModelMiddleware,
  type LanguageModelUsage,
  type Tool,
  type ToolSet,
  tool,
  wrapLanguageModel,
} from 'ai';
import { z } from 'zod';
import { SubAgentError } from '../errors/sub-agent-error.js';
import { handoverNote, listToolCalls } from './handover-note.js';
import { createProgressChannel } from './progress-channel.js';
import type { SubAgentMemory } from './sub-agent-memory.js';
import type { SubAgentProgress } from './sub-agent-progress.js';
import { sumUsage } from './sum-usage.js';
import { summarizeArguments } from './summarize-arguments.js';
import type { UsageLedger } from './usage-ledger.js';

/** What the sub-agent tool yields: snapshots while it runs (`running`), then its report. */
export interface SubAgentOutput {
  /** `done`: it answered; `step-cap`: the cap was hit and `text` is a handover note. */
  status: 'running' | 'done' | 'step-cap';
  /** The final answer (empty while running). */
  text: string;
  /** Every progress event so far, in order. */
  progress: SubAgentProgress[];
  /** Model calls made so far (steps, plus the handover note's call). */
  steps: number;
  usage: LanguageModelUsage;
  /** The run's cost in USD, when `price` was given. */
  costUsd?: number;
}

/** Options of {@link subAgent}. */
export interface SubAgentOptions {
  /** The tool's name as the parent sees it (`logs_run`); also the ledger source and event `agent`. */
  name: string;
  /** What it can do; a sentence asking for a natural-language request is appended. */
  description: string;
  /** The sub-agent's own model (a string id needs no middleware). */
  model: LanguageModel;
  /** Its system prompt: a workflow and recovery rules. */
  system: string;
  /** Its own tools; their errors go back to its model, which may retry. */
  tools: ToolSet;
  /** Steps (model calls with tool calls) before a handover note is written; default 16. */
  maxSteps?: number;
  /** Middleware around its model, e.g. `kiokuMiddleware()` for its own compaction. */
  middleware?: LanguageModelMiddleware | LanguageModelMiddleware[];
  /** Recall into its system prompt before each run, learning after it. */
  memory?: SubAgentMemory;
  /** Called with each progress event as it happens. */
  onProgress?: (event: SubAgentProgress) => void;
  /** Where its usage (and cost) is recorded for the parent run's totals. */
  ledger?: UsageLedger;
  /** Prices a run's usage in USD (e.g. from kioku's catalog); the cost is reported and recorded. */
  price?: (usage: LanguageModelUsage) => number;
}

const requestSentence =
  ' Send one natural-language request describing what you want to know (not code or SQL); you get back its final answer only.';

/**
 * A sub-agent as an ordinary AI SDK tool: the parent sends one natural-language `query`, the sub-agent
 * runs its own tool loop (own prompt, tools, model, step cap) and only its final answer returns to the
 * parent's history — its trial and error never does. While it runs, the tool yields preliminary results
 * (`status: 'running'` with the progress so far; `streamText` forwards them to a UI) and calls
 * `onProgress` for each step, so a CLI can print it.
 *
 * @example
 * const logs = subAgent({ name: 'logs_run', description: 'Queries the security logs.', model, system, tools: { schema, query } });
 * await generateText({ model, tools: { logs_run: logs }, prompt: 'Which host dumped LSASS?' });
 */
export function subAgent({
  name,
  description,
  model,
  system,
  tools,
  maxSteps = 16,
  middleware,
  memory,
  onProgress,
  ledger,
  price,
}: SubAgentOptions): Tool<{ query: string }, SubAgentOutput> {
  if (!Number.isInteger(maxSteps) || maxSteps < 1) {
    throw new RangeError(
      `subAgent "${name}": maxSteps must be a whole number of at least 1, got ${maxSteps}`,
    );
  }
  if (middleware !== undefined && typeof model === 'string') {
    throw new TypeError(`subAgent "${name}": middleware needs a model object, not the id "${model}"`);
  }
  const runModel =
    middleware === undefined || typeof model === 'string' ? model : wrapLanguageModel({ model, middleware });

  return tool({
    description: `${description}${requestSentence}`,
    inputSchema: z.object({ query: z.string().min(1).describe('The request, in natural language.') }),
    async *execute({ query }, { abortSignal }) {
      const progress: SubAgentProgress[] = [];
      const channel = createProgressChannel<SubAgentProgress>();
      let steps = 0;
      const usages: LanguageModelUsage[] = [];
      const emit = (event: SubAgentProgress) => {
        progress.push(event);
        onProgress?.(event);
        channel.push(event);
      };
      const snapshot = (status: SubAgentOutput['status'], text = ''): SubAgentOutput => {
        const usage = sumUsage(usages);
        return {
          status,
          text,
          progress: [...progress],
          steps,
          usage,
          ...(price === undefined ? {} : { costUsd: price(usage) }),
        };
      };

      const run = (async (): Promise<SubAgentOutput> => {
        emit({ type: 'sub-agent-start', agent: name, request: query });
        const recalled = await memory?.recall({ request: query, ...(abortSignal ? { abortSignal } : {}) });
        const prompt =
          recalled === undefined || recalled.prompt === '' ? system : `${system}\n\n${recalled.prompt}`;
        const started = new Map<string, { step: number }>();
        let result: Awaited<ReturnType<typeof generateText<ToolSet>>>;
        try {
          result = await generateText({
            model: runModel,
            system: prompt,
            prompt: query,
            tools,
            stopWhen: isStepCount(maxSteps),
            ...(abortSignal === undefined ? {} : { abortSignal }),
            onToolExecutionStart: ({ toolCall }) => {
              started.set(toolCall.toolCallId, { step: steps });
              emit({
                type: 'tool-call-start',
                agent: name,
                step: steps,
                toolCallId: toolCall.toolCallId,
                toolName: toolCall.toolName,
                arguments: summarizeArguments(toolCall.input),
              });
            },
            onToolExecutionEnd: ({ toolCall, toolExecutionMs, toolOutput }) => {
              emit({
                type: 'tool-call-end',
                agent: name,
                step: started.get(toolCall.toolCallId)?.step ?? steps,
                toolCallId: toolCall.toolCallId,
                toolName: toolCall.toolName,
                arguments: summarizeArguments(toolCall.input),
                durationMs: toolExecutionMs,
                ...(toolOutput.type === 'tool-error' ? { error: errorMessage(toolOutput.error) } : {}),
              });
            },
            onStepEnd: ({ usage }) => {
              usages.push(usage);
              emit({ type: 'step-end', agent: name, step: steps, usage });
              steps += 1;
            },
          });
        } catch (error) {
          if (abortSignal?.aborted) throw error;
          throw new SubAgentError({ agent: name, completedSteps: steps, cause: error });
        }

        const capReached = result.finishReason === 'tool-calls' && result.steps.length >= maxSteps;
        let text = result.text;
        if (!capReached && text.trim() === '') {
          text = `[The sub-agent ended without writing an answer.]\n${listToolCalls(result.responseMessages)}`;
        }
        if (capReached) {
          const note = await handoverNote({
            model: runModel,
            system: prompt,
            request: query,
            messages: result.responseMessages,
            tools,
            maxSteps,
            ...(abortSignal === undefined ? {} : { abortSignal }),
          });
          if (note.usage !== undefined) {
            usages.push(note.usage);
            steps += 1;
          }
          text = note.text;
        }
        if (memory !== undefined && recalled !== undefined) {
          await memory.learn({
            request: query,
            messages: [{ role: 'user', content: query }, ...result.responseMessages],
            recalled: recalled.recalled,
            ...(abortSignal === undefined ? {} : { abortSignal }),
          });
        }
        emit({ type: 'sub-agent-end', agent: name, steps, stepCapReached: capReached });
        return snapshot(capReached ? 'step-cap' : 'done', text);
      })().finally(() => channel.close());

      for await (const _event of channel) yield snapshot('running');
      const report = await run;
      ledger?.record({
        source: name,
        usage: report.usage,
        ...(report.costUsd === undefined ? {} : { costUsd: report.costUsd }),
      });
      yield report;
    },
    toModelOutput: ({ output }) => ({ type: 'text', value: output.text }),
  });
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
