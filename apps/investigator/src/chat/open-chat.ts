import {
  type LanguageModel,
  type LanguageModelUsage,
  type ModelMessage,
  type ToolSet,
  wrapLanguageModel,
} from 'ai';
import {
  createUsageLedger,
  type ModelPrice,
  type PlanBudget,
  planAndExecute,
  sumUsage,
  type UsageLedger,
} from 'kioku';
import { conversationSessions, type SessionStore, UnknownSessionError } from 'kioku/store';
import { budgetReached, type ChatBudget } from './chat-budget.js';
import { ChatBudgetError } from './chat-budget-error.js';
import type { ChatEvent } from './chat-event.js';
import { createToolLoop } from './create-tool-loop.js';
import { gateWriteTools } from './gate-write-tools.js';
import { handoverNote } from './handover-note.js';
import { investigationMiddleware } from './investigation-middleware.js';
import type { ToolApprover } from './tool-approver.js';
import { conversationUsage, type TurnUsage, withTurnUsage } from './turn-usage.js';
import { usageCost } from './usage-cost.js';

/** Options of {@link openChat}. */
export interface OpenChatOptions {
  alertId: string;
  /** The chat's model (an AI SDK model object, so kioku's middleware can wrap it). */
  model: Exclude<LanguageModel, string>;
  /** Where conversations are kept (`createSessionStore(store)`). */
  sessions: SessionStore;
  /** The system prompt of a new conversation; a resumed one keeps the one it started with. */
  system: string;
  /** The tools of every turn (from the tool registry); none can resolve or change an alert. */
  tools?: ToolSet;
  /** Where sub-agents record their usage (`registry.ledger`); default a new one. */
  ledger?: UsageLedger;
  /** Writes the summaries; default the chat's model. */
  summarizer?: LanguageModel;
  /** The model's window; default kioku's catalog, else 32,768. */
  contextWindow?: number;
  /** Share of the window at which the history is summarized before a call; default 0.8. */
  threshold?: number;
  /** The model's prices (kioku's catalog: `getModelInfo(id).price`); without it no cost is shown. */
  price?: ModelPrice;
  budget?: ChatBudget;
  onEvent?: (event: ChatEvent) => void;
  /**
   * Decides a write tool's call (a tool whose `metadata.access` is `write`, see `withToolAccess`): the
   * turn waits for it. Without it, write tools' calls are denied.
   */
  approve?: ToolApprover;
}

/** Options of one turn. */
export interface SendOptions {
  /** Plan & execute this request (kioku's `planAndExecute`) instead of one tool loop; default false. */
  plan?: boolean;
  /** Limits of a planned turn (steps, tool calls, wall time). */
  planBudget?: PlanBudget;
  abortSignal?: AbortSignal;
}

/** What one turn produced. */
export interface ChatTurn {
  text: string;
  /** `done`, or why it was cut short and ended with a handover note. */
  status: 'done' | 'step-cap' | 'budget';
  /** This turn's usage and cost, sub-agents included. */
  usage: LanguageModelUsage;
  costUsd?: number;
}

/** A conversation over one alert, persisted in kioku's session store and resumed by the next `openChat`. */
export interface Chat {
  /** The kioku conversation id, `alert-<id>` (its session is `id:alert-<id>`). */
  readonly conversationId: string;
  /** Messages the store held when the chat was opened (0 for a new conversation). */
  readonly resumedMessages: number;
  /** The full history as the caller holds it (kioku compacts what is sent, never this). */
  history(): ModelMessage[];
  send(message: string, options?: SendOptions): Promise<ChatTurn>;
  /** Usage and cost of the whole conversation, earlier processes included. */
  spent(): { usage: LanguageModelUsage; costUsd: number | undefined; turns: number };
  /** Stores what the middleware has not (the last answer). Call it before the process ends. */
  close(): Promise<void>;
}

/**
 * Opens the chat over an alert: the stored conversation when there is one (its original history, and
 * kioku resumes from the latest summary instead of summarizing again), else a new one with `system`.
 * Each turn streams the answer (`text-delta` events), reports tool calls and sub-agent progress as they
 * happen, is compacted by kioku when the prompt grows (security summary prompt, proactive and on
 * overflow), and ends with a handover note when the step cap or the conversation's budget is reached.
 *
 * @example
 * const chat = await openChat({ alertId, model, sessions: createSessionStore(store), system, tools, onEvent: print });
 * await chat.send('Which process read LSASS memory?');
 * await chat.close();
 */
export async function openChat({
  alertId,
  model,
  sessions,
  system,
  tools = {},
  ledger = createUsageLedger(),
  summarizer = model,
  contextWindow,
  threshold,
  price,
  budget = {},
  onEvent,
  approve,
}: OpenChatOptions): Promise<Chat> {
  const maxStepsPerTurn = budget.maxStepsPerTurn ?? 12;
  if (!Number.isInteger(maxStepsPerTurn) || maxStepsPerTurn < 1) {
    throw new RangeError(
      `openChat: budget.maxStepsPerTurn must be a whole number ≥ 1, got ${maxStepsPerTurn}`,
    );
  }
  const conversationId = `alert-${alertId}`;
  const sessionId = `id:${conversationId}`;
  const history = await storedMessages(sessions, sessionId);
  const resumedMessages = history.length;
  if (history.length === 0) history.push({ role: 'system', content: system });
  const emit = (event: ChatEvent) => onEvent?.(event);
  const chatModel = wrapLanguageModel({
    model,
    middleware: investigationMiddleware({
      summarizer,
      sessions: conversationSessions(sessions),
      ...(contextWindow === undefined ? {} : { contextWindow }),
      ...(threshold === undefined ? {} : { threshold }),
      onEvent: (event) => emit({ type: 'kioku', event }),
    }),
  });
  const priceOf = (usage: LanguageModelUsage) => (price === undefined ? undefined : usageCost(usage, price));
  const spent = () => conversationUsage(history);

  /** This turn's usage so far: the main model's steps and every ledger entry since the turn began. */
  const turnUsage = (mainUsages: readonly LanguageModelUsage[], ledgerFrom: number): TurnUsage => {
    const sub = ledger.entries().slice(ledgerFrom);
    const main = sumUsage(mainUsages);
    const mainCost = priceOf(main);
    const subCosts = sub.map((entry) => entry.costUsd ?? priceOf(entry.usage));
    const costs = [mainCost, ...subCosts];
    return {
      usage: sumUsage([main, ...sub.map((entry) => entry.usage)]),
      ...(costs.every((cost) => cost === undefined)
        ? {}
        : { costUsd: costs.reduce<number>((sum, cost) => sum + (cost ?? 0), 0) }),
    };
  };
  const overBudget = (turn: TurnUsage): string | undefined => {
    const before = spent();
    return budgetReached(budget, {
      usage: sumUsage([before.usage, turn.usage]),
      costUsd:
        before.costUsd === undefined && turn.costUsd === undefined
          ? undefined
          : (before.costUsd ?? 0) + (turn.costUsd ?? 0),
    });
  };

  const toolLoop = createToolLoop({
    model: chatModel,
    tools,
    conversationId,
    maxStepsPerTurn,
    emit,
    overBudget: (mainUsages, ledgerFrom) => overBudget(turnUsage(mainUsages, ledgerFrom)),
    ...(approve === undefined ? {} : { approve }),
  });

  return {
    conversationId,
    resumedMessages,
    history: () => history.slice(),
    spent,

    async send(message, { plan = false, planBudget, abortSignal } = {}) {
      const before = spent();
      const reason = budgetReached(budget, before);
      if (reason !== undefined) throw new ChatBudgetError({ alertId, reason });
      const ledgerFrom = ledger.entries().length;
      const turnStart = history.length;
      history.push({ role: 'user', content: message });
      try {
        if (plan) {
          const run = await planAndExecute({
            model,
            // A planned step calls tools itself: a write tool asks the approver from inside its execute.
            tools: gateWriteTools({ tools, approve, emit, abortSignal }),
            goal: message,
            system: planContext(history),
            ...(planBudget === undefined ? {} : { budget: planBudget }),
            onEvent: (event) => emit({ type: 'plan', event }),
            ...(abortSignal === undefined ? {} : { abortSignal }),
          });
          emit({ type: 'text-delta', text: run.text });
          const turn = turnUsage([run.usage], ledgerFrom);
          history.push(withTurnUsage({ role: 'assistant', content: run.text }, turn));
          return { text: run.text, status: run.status === 'concluded' ? 'done' : 'budget', ...turn };
        }

        const loop = await toolLoop(history, abortSignal, ledgerFrom);
        history.push(...loop.responseMessages);
        const cut =
          loop.budgetReason !== undefined && loop.finishReason === 'tool-calls'
            ? { status: 'budget' as const, reason: `budget: ${loop.budgetReason}` }
            : loop.finishReason === 'tool-calls' && loop.steps >= maxStepsPerTurn
              ? { status: 'step-cap' as const, reason: `${maxStepsPerTurn} model calls in this turn` }
              : undefined;
        let text = loop.responseMessages
          .filter((entry) => entry.role === 'assistant')
          .map(assistantText)
          .join('');
        if (cut !== undefined) {
          if (cut.status === 'budget') emit({ type: 'budget-reached', reason: loop.budgetReason ?? '' });
          const note = await handoverNote({ model, messages: history, reason: cut.reason, abortSignal });
          if (note.usage !== undefined) loop.mainUsages.push(note.usage);
          emit({ type: 'text-delta', text: note.text });
          history.push({ role: 'assistant', content: note.text });
          text = note.text;
        }
        const turn = turnUsage(loop.mainUsages, ledgerFrom);
        const last = history.length - 1;
        const lastMessage = history[last];
        if (lastMessage !== undefined && lastMessage.role === 'assistant') {
          history[last] = withTurnUsage(lastMessage, turn);
        }
        return { text, status: cut?.status ?? 'done', ...turn };
      } catch (error) {
        // A failed turn leaves no half-written exchange behind: the next turn starts where this one did.
        history.splice(turnStart);
        throw error;
      }
    },

    async close() {
      let stored: number;
      try {
        stored = (await sessions.get(sessionId)).messageCount;
      } catch (error) {
        if (!UnknownSessionError.isInstance(error)) throw error;
        await sessions.create({ id: sessionId, metadata: { kioku: 'conversation' } });
        stored = 0;
      }
      if (history.length > stored) {
        await sessions.append({ sessionId, messages: history.slice(stored) });
      }
    },
  };
}

async function storedMessages(sessions: SessionStore, sessionId: string): Promise<ModelMessage[]> {
  try {
    return await sessions.messages(sessionId);
  } catch (error) {
    if (UnknownSessionError.isInstance(error)) return [];
    throw error;
  }
}

/** The context a planned turn starts from: the system prompt and the last exchange before the request. */
function planContext(history: readonly ModelMessage[]): string {
  const system = history[0]?.role === 'system' ? String(history[0].content) : '';
  const earlier = history
    .slice(1, -1)
    .filter((message) => message.role === 'assistant')
    .map(assistantText)
    .filter((text) => text.trim() !== '')
    .at(-1);
  return earlier === undefined ? system : `${system}\n\nYour previous answer in this chat:\n${earlier}`;
}

function assistantText(message: ModelMessage): string {
  if (typeof message.content === 'string') return message.content;
  return message.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

export type { ApprovalDecision, ApprovalRequest, ToolApprover } from './tool-approver.js';
