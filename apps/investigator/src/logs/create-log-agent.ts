import type { LanguageModel, LanguageModelMiddleware, LanguageModelUsage, Tool } from 'ai';
import { type SubAgentOutput, type SubAgentProgress, subAgent, type UsageLedger } from 'kioku';
import { type IntrospectionReport, type Memory, subAgentMemoryHooks } from 'kioku/store';
import type { Runbook } from './load-runbooks.js';
import { logAgentPrompt } from './log-agent-prompt.js';
import { logAgentTools } from './log-agent-tools.js';
import type { LogEngine } from './log-engine.js';

/** Options of {@link createLogAgent}. */
export interface LogAgentOptions {
  /** The log agent's own model (may differ from the main agent's). */
  model: LanguageModel;
  /** Where its SQL runs: `openDuckDbLogEngine` or `openBigQueryLogEngine`. */
  engine: LogEngine;
  /** Saved queries it may run by name (`loadRunbooks`); default none. */
  runbooks?: readonly Runbook[];
  /**
   * Its long-term memory (`openMemory` from `kioku/store`): what it learned about the tables is recalled
   * into its prompt before each run; after each run one introspection stores new claims and scores the
   * recalled ones (+1 helpful, −1 harmful; deleted below the memory's `deleteBelow`, −3 by default). A
   * claim is refused by code unless it names one of the engine's tables or columns, and when it speaks to
   * the agent or copies a tool output (`guardLearnedClaim`); `onIntrospection` lists the refused ones.
   */
  memory?: Memory;
  /** The model that introspects after each run (default `model`). */
  introspectionModel?: LanguageModel;
  /** Told what each introspection did. */
  onIntrospection?: (report: IntrospectionReport) => void;
  /** Each progress event as it happens (tool calls with durations and errors, steps, start and end). */
  onProgress?: (event: SubAgentProgress) => void;
  /** Model calls before it writes a handover note instead of an answer (default 16). */
  maxSteps?: number;
  /** Rows of a query's first page shown to its model (default 50). */
  maxRows?: number;
  /** Middleware around its model (e.g. `kiokuMiddleware()` for its own compaction). */
  middleware?: LanguageModelMiddleware | LanguageModelMiddleware[];
  /** Where its usage is recorded for the parent run's totals. */
  ledger?: UsageLedger;
  /** Prices a run's usage in USD. */
  price?: (usage: LanguageModelUsage) => number;
  /** The tool's name (default `logs_run`). */
  name?: string;
}

/**
 * The log-analysis sub-agent as one AI SDK tool (`logs_run`): the parent sends a natural-language request,
 * the sub-agent reads the schema, runs runbooks and guarded SQL (tools `schema`, `query`, `get_result`,
 * `runbook`) with its own prompt of workflow and recovery rules, and only its answer returns to the
 * parent. Log rows reach its model inside untrusted-data blocks. With a memory, what it learns about the
 * logs carries over to later runs.
 *
 * @example
 * const logs_run = createLogAgent({ model, engine: await openDuckDbLogEngine({ file }), runbooks: await loadRunbooks(defaultRunbooksDir()) });
 * await generateText({ model, tools: { logs_run }, prompt: 'Which process read LSASS memory on MKT01?' });
 */
export function createLogAgent({
  model,
  engine,
  runbooks = [],
  memory,
  introspectionModel = model,
  onIntrospection,
  onProgress,
  maxSteps = 16,
  maxRows = 50,
  middleware,
  ledger,
  price,
  name = 'logs_run',
}: LogAgentOptions): Tool<{ query: string }, SubAgentOutput> {
  const dialect = engine.name === 'bigquery' ? 'BigQuery' : 'DuckDB';
  return subAgent({
    name,
    description: `Answers questions about the security logs (${dialect} SQL over Windows/Sysmon, Linux auditd, CloudTrail, Azure AD and Office 365, Zeek) by reading the schema, running runbooks and read-only queries itself.`,
    model,
    system: logAgentPrompt({ dialect, runbooks }),
    tools: logAgentTools({ engine, runbooks, maxRows }),
    maxSteps,
    ...(middleware === undefined ? {} : { middleware }),
    ...(memory === undefined
      ? {}
      : {
          memory: subAgentMemoryHooks({
            memory,
            model: introspectionModel,
            // What it learns must be about the logs: a claim names one of the engine's tables or columns.
            vocabulary: async () =>
              (await engine.tables()).flatMap((table) => [
                table.name,
                ...table.columns.map((column) => column.name),
              ]),
            ...(onIntrospection === undefined ? {} : { onIntrospection }),
          }),
        }),
    ...(onProgress === undefined ? {} : { onProgress }),
    ...(ledger === undefined ? {} : { ledger }),
    ...(price === undefined ? {} : { price }),
  });
}
