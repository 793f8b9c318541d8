import type { LanguageModel } from 'ai';
import { createToolRegistry, type ResolvedTools, type ToolRegistration } from 'kioku';
import { createSessionStore } from 'kioku/store';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { type Alert, createAlertStore } from '../alerts/index.js';
import { alertJsonTool } from './alert-json-tool.js';
import type { ChatBudget } from './chat-budget.js';
import type { ChatEvent } from './chat-event.js';
import { chatSystemPrompt } from './chat-system-prompt.js';
import { modelPrice } from './model-price.js';
import { type Chat, openChat, type ToolApprover } from './open-chat.js';
import { searchAlertsTool } from './search-alerts-tool.js';
import { untrustedToolOutput } from './untrusted-tool-output.js';

/** Options of {@link openAlertChat}. */
export interface OpenAlertChatOptions {
  /** The investigator store (`openInvestigatorStore`): alerts and conversations. */
  store: DrizzleStore;
  alertId: string;
  model: Exclude<LanguageModel, string>;
  /** Writes the summaries; default the chat's model. */
  summarizer?: LanguageModel;
  /**
   * The tools besides `search_alerts`: `logs_run`, threat intelligence, MCP servers. Each may say what it
   * is missing (it is then left out, with a warning). None can resolve or change an alert.
   */
  tools?: readonly ToolRegistration[];
  /** `false` turns a tool off by name. */
  enabled?: Readonly<Record<string, boolean>>;
  contextWindow?: number;
  threshold?: number;
  budget?: ChatBudget;
  onEvent?: (event: ChatEvent) => void;
  /** Decides write tools' calls (the turn waits); without it they are denied. */
  approve?: ToolApprover;
  /** Told once per tool left out for something missing; default `console.warn`. */
  onWarning?: (message: string) => void;
}

/** A chat over one stored alert, with its tools. */
export interface AlertChat {
  alert: Alert;
  chat: Chat;
  /** Tools left out, and why. */
  leftOut: ResolvedTools['leftOut'];
  /** Stores the conversation's last answer and closes the tools (MCP clients). */
  close(): Promise<void>;
}

/**
 * Opens the chat over a stored alert: the tool registry (`alert_json` and `search_alerts`, which only read, and the tools
 * given), every tool's output marked as untrusted data, the system prompt with the alert marked as
 * untrusted data, the model's price from kioku's catalog, and the conversation resumed when there is one.
 * The alert store's writes (`resolve`, `merge`…) are reachable by no tool.
 *
 * @example
 * const { chat, close } = await openAlertChat({ store, alertId, model, tools: [logsRun, intel] });
 * await chat.send('Which process read LSASS memory?');
 * await close();
 */
export async function openAlertChat({
  store,
  alertId,
  model,
  summarizer,
  tools = [],
  enabled,
  contextWindow,
  threshold,
  budget,
  onEvent,
  onWarning,
  approve,
}: OpenAlertChatOptions): Promise<AlertChat> {
  const alerts = createAlertStore(store);
  const alert = await alerts.get(alertId);
  const registry = createToolRegistry({
    tools: [
      {
        name: 'alert_json',
        systemPrompt: "alert_json reads any field of this alert's raw JSON in full, paged.",
        tool: () => alertJsonTool({ raw: alert.raw }),
      },
      {
        name: 'search_alerts',
        systemPrompt: 'search_alerts finds earlier alerts by text or attributes, with their conclusions.',
        tool: () => searchAlertsTool({ search: (input) => alerts.search(input) }),
      },
      ...tools,
    ],
    ...(enabled === undefined ? {} : { enabled }),
    ...(onWarning === undefined ? {} : { onWarning }),
  });
  try {
    const resolved = await registry.resolve();
    const price = modelPrice(model);
    const chat = await openChat({
      alertId: alert.id,
      model,
      sessions: createSessionStore(store),
      system: chatSystemPrompt({ alert, toolSections: resolved.systemPrompt }),
      tools: untrustedToolOutput(resolved.tools),
      ledger: registry.ledger,
      ...(summarizer === undefined ? {} : { summarizer }),
      ...(contextWindow === undefined ? {} : { contextWindow }),
      ...(threshold === undefined ? {} : { threshold }),
      ...(price === undefined ? {} : { price }),
      ...(budget === undefined ? {} : { budget }),
      ...(onEvent === undefined ? {} : { onEvent }),
      ...(approve === undefined ? {} : { approve }),
    });
    return {
      alert,
      chat,
      leftOut: resolved.leftOut,
      close: async () => {
        try {
          await chat.close();
        } finally {
          await registry.close();
        }
      },
    };
  } catch (error) {
    await registry.close();
    throw error;
  }
}
