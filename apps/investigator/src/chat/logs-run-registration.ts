import { existsSync } from 'node:fs';
import type { LanguageModel } from 'ai';
import type { ToolRegistration } from 'kioku';
import {
  createHashingEmbedder,
  type IntrospectionReport,
  type Memory,
  openMemory,
  type RecalledMemory,
} from 'kioku/store';
import type { DrizzleStore } from 'kioku/store/drizzle';
import {
  createLogAgent,
  type LogEngine,
  loadRunbooks,
  logsRunPromptSection,
  openConfiguredLogEngine,
} from '../logs/index.js';
import { modelPrice } from './model-price.js';
import { usageCost } from './usage-cost.js';

/** Options of {@link logsRunRegistration}. */
export interface LogsRunRegistrationOptions {
  /** The log sub-agent's model (the chat's, or a cheaper one). */
  model: LanguageModel;
  /**
   * The DuckDB file `investigator logs load` built; without it the tool is left out, saying so. BigQuery
   * is used instead when `INVESTIGATOR_BIGQUERY_PROJECT` is set (see `openConfiguredLogEngine`).
   */
  file: string;
  /** The runbooks' directory (`defaultRunbooksDir()`). */
  runbooksDir: string;
  /** Where its memory is kept (the investigator store): what it learns carries over to later chats. */
  store: DrizzleStore;
  /** The memory's namespace; default `logs_run`. */
  namespace?: string;
  /** Told what each introspection learned. */
  onIntrospection?: (report: IntrospectionReport) => void;
  /** Told which memories each run's request recalled (the web console keeps them). */
  onRecall?: (input: {
    namespace: string;
    request: string;
    recalled: readonly RecalledMemory[];
  }) => Promise<void>;
}

/**
 * The chat's `logs_run` tool as a registry entry: the log-analysis sub-agent (`createLogAgent`) over the
 * configured log engine (the DuckDB database opened read-only when the registry resolves, or BigQuery;
 * closed with the registry), with the runbooks,
 * kioku memory in the investigator store (recall before each run, introspection after it), its usage and
 * cost recorded into the chat's ledger, and the tables listed in the chat's system prompt.
 *
 * @example
 * createToolRegistry({ tools: [logsRunRegistration({ model, file: defaultLogDatabase(), runbooksDir: defaultRunbooksDir(), store })] });
 */
export function logsRunRegistration({
  model,
  file,
  runbooksDir,
  store,
  namespace = 'logs_run',
  onIntrospection,
  onRecall,
}: LogsRunRegistrationOptions): ToolRegistration {
  let engine: LogEngine | undefined;
  const price = modelPrice(model);
  const reportingRecalls = (memory: Memory): Memory =>
    onRecall === undefined
      ? memory
      : {
          ...memory,
          recall: async (options) => {
            const recalled = await memory.recall(options);
            await onRecall({ namespace, request: options.request, recalled });
            return recalled;
          },
        };
  return {
    name: 'logs_run',
    missing: () =>
      process.env.INVESTIGATOR_BIGQUERY_PROJECT || existsSync(file)
        ? undefined
        : `no log database at ${file} (build it with \`investigator logs load\`)`,
    tool: async ({ ledger, onClose }) => {
      const opened = await openConfiguredLogEngine({ file });
      engine = opened;
      onClose(() => opened.close());
      return createLogAgent({
        model,
        engine: opened,
        runbooks: await loadRunbooks(runbooksDir),
        memory: reportingRecalls(await openMemory({ store, embedder: createHashingEmbedder(), namespace })),
        ledger,
        ...(price === undefined ? {} : { price: (usage) => usageCost(usage, price) }),
        onIntrospection: (report) => {
          // The introspection call is part of what the conversation costs.
          if (report.success) {
            ledger.record({
              source: 'logs_run:introspection',
              usage: report.usage,
              ...(price === undefined ? {} : { costUsd: usageCost(report.usage, price) }),
            });
          }
          onIntrospection?.(report);
        },
      });
    },
    systemPrompt: async () => (engine === undefined ? '' : logsRunPromptSection(engine)),
  };
}
