import type { LanguageModel } from 'ai';
import { createHashingEmbedder } from 'kioku/store';
import { createAlertStore, ingestAlert } from '../alerts/index.js';
import type { ChatEvent } from '../chat/chat-event.js';
import { intelLookupRegistration } from '../chat/intel-lookup-registration.js';
import { logsRunRegistration } from '../chat/logs-run-registration.js';
import { openAlertChat } from '../chat/open-alert-chat.js';
import { openInvestigatorStore } from '../store/index.js';
import type { Investigation } from './run-eval.js';
import type { Scenario } from './scenario.js';

/** Options of {@link investigateScenario}. */
export interface InvestigateScenarioOptions {
  scenario: Scenario;
  model: Exclude<LanguageModel, string>;
  /** The log database (`investigator logs load`). */
  logs: string;
  /** The runbooks' directory. */
  runbooksDir: string;
  contextWindow?: number;
  onEvent?: (event: ChatEvent) => void;
  onWarning?: (message: string) => void;
}

/**
 * A scenario's alert under investigation as the chat does it, in a store of its own (in memory, so every
 * scenario starts with no conversation and no learned memory): the alert ingested without a model (the
 * deterministic summary, the same for every model evaluated), then the chat with `logs_run` over the log
 * database, `intel_lookup` and `search_alerts`.
 *
 * @example
 * const report = await runEval({ scenarios, investigate: (scenario) => investigateScenario({ scenario, model, logs, runbooksDir }) });
 */
export async function investigateScenario({
  scenario,
  model,
  logs,
  runbooksDir,
  contextWindow,
  onEvent,
  onWarning,
}: InvestigateScenarioOptions): Promise<Investigation> {
  const store = await openInvestigatorStore({ location: 'memory://' });
  try {
    const ingested = await ingestAlert({
      raw: JSON.stringify(scenario.alert.raw),
      schema: scenario.alert.schema,
      embedder: createHashingEmbedder(),
      input: `scenario ${scenario.id} alert`,
    });
    const alert = await createAlertStore(store).create(ingested);
    const { chat, close } = await openAlertChat({
      store,
      alertId: alert.id,
      model,
      tools: [
        logsRunRegistration({ model, file: logs, runbooksDir, store }),
        intelLookupRegistration({ store }),
      ],
      ...(contextWindow === undefined ? {} : { contextWindow }),
      ...(onEvent === undefined ? {} : { onEvent }),
      ...(onWarning === undefined ? {} : { onWarning }),
    });
    return {
      ask: async (question) => (await chat.send(question)).text,
      spent: () => chat.spent(),
      close: async () => {
        try {
          await close();
        } finally {
          await store.close();
        }
      },
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}
