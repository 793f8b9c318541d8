import type { ModelMessage } from 'ai';
import type { TokenCounter } from 'kioku';
import { buildCurrentView, type SessionView } from 'kioku/store';
import { conversationUsage } from '../../chat/turn-usage.js';
import { messageText } from './message-text.js';

/** One turn's point on the context chart. */
export interface ContextPoint {
  turn: number;
  /** Tokens of the whole original history up to this turn's answer. */
  originalTokens: number;
  /** Tokens the model was sent: the compacted view of that history. */
  contextTokens: number;
}

/** One compaction kioku recorded for the conversation. */
export interface ContextCompaction {
  version: number;
  strategy: string;
  /** The original messages it stands for (`from` inclusive, `to` exclusive). */
  replaces: { from: number; to: number };
  tokensBefore: number;
  tokensAfter: number;
  /** What the model sees in their place (empty when the range was dropped). */
  summary: string;
  createdAt: string;
}

/** What the console's context panel shows of a conversation. */
export interface ConversationContext {
  window: number;
  /** The counter's family, and whether its counts are exact or estimates. */
  counter: { family: string; exact: boolean };
  points: ContextPoint[];
  compactions: ContextCompaction[];
  turns: number;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  /** Share of input tokens read from the provider's cache; `undefined` before any input. */
  cacheHitRate: number | undefined;
  /** `undefined` when the model has no price in kioku's catalog. */
  costUsd: number | undefined;
}

/**
 * The context panel of a stored conversation (kioku's session export): for each turn, the tokens of the
 * original history and of the compacted view the model was sent, against the window; every compaction
 * with its summary; the usage, cache hit rate and cost recorded with the turns.
 *
 * @example
 * const { messages, views } = await sessions.export('id:alert-42');
 * conversationContext({ messages, views, window: 128_000, counter: createBytesCounter() });
 */
export function conversationContext({
  messages,
  views,
  window,
  counter,
}: {
  messages: readonly ModelMessage[];
  views: readonly SessionView[];
  window: number;
  counter: TokenCounter;
}): ConversationContext {
  const tokens = (list: readonly ModelMessage[]) =>
    list.reduce((sum, message) => sum + counter.countMessage(message), 0);
  const points: ContextPoint[] = [];
  messages.forEach((message, index) => {
    if (message.role !== 'assistant' || message.providerOptions?.investigator === undefined) return;
    const upTo = messages.slice(0, index);
    const active = views.filter((view) => view.messageCount <= index);
    const view = buildCurrentView({ sessionId: 'context', messages: [...upTo], views: [...active] });
    points.push({
      turn: points.length + 1,
      originalTokens: tokens(upTo),
      contextTokens: tokens(view.messages),
    });
  });
  const spent = conversationUsage(messages);
  const usage = spent.usage;
  const input = usage.inputTokens ?? 0;
  const cacheRead = usage.inputTokenDetails?.cacheReadTokens ?? 0;
  return {
    window,
    counter: { family: counter.family, exact: counter.exact },
    points,
    compactions: views.map((view) => ({
      version: view.version,
      strategy: view.strategy,
      replaces: { from: view.replaces.from, to: view.replaces.to },
      tokensBefore: view.tokensBefore,
      tokensAfter: view.tokensAfter,
      summary: view.summary.map(messageText).join('\n'),
      createdAt: view.createdAt.toISOString(),
    })),
    turns: spent.turns,
    inputTokens: input,
    outputTokens: usage.outputTokens ?? 0,
    cacheReadTokens: cacheRead,
    cacheHitRate: input === 0 ? undefined : cacheRead / input,
    costUsd: spent.costUsd,
  };
}
