import type { LanguageModel, LanguageModelMiddleware } from 'ai';
import {
  type ConversationSessions,
  detectContextOverflow,
  type KiokuEvent,
  kiokuDefault,
  kiokuMiddleware,
  pipeline,
  securityInvestigationPrompt,
  summarization,
  thresholdTrigger,
} from 'kioku';

/** Options of {@link investigationMiddleware}. */
export interface InvestigationMiddlewareOptions {
  /** Writes the summaries; an AI SDK model, possibly cheaper than the chat's. */
  summarizer: LanguageModel;
  /** Where conversations persist (`conversationSessions(createSessionStore(store))`). */
  sessions: ConversationSessions;
  /** The chat model's window; default kioku's catalog, else its fallback (32,768). */
  contextWindow?: number;
  /** Share of the usable window at which the history is summarized before a call; default 0.8. */
  threshold?: number;
  onEvent?: (event: KiokuEvent) => void;
}

/**
 * kioku's middleware as the investigator uses it: cache-aware masking before every call, a summary with
 * kioku's security-investigation prompt (goals, findings, IOCs, TTPs, timeline, status) when the prompt
 * reaches `threshold` of the window (proactive) or the provider rejects it as too long (reactive, one
 * retry), IOCs the summary dropped appended deterministically, and every conversation kept in the store
 * (the original history, each summary a view over it).
 *
 * @example
 * const model = wrapLanguageModel({ model: chatModel, middleware: investigationMiddleware({ summarizer: chatModel, sessions }) });
 */
export function investigationMiddleware({
  summarizer,
  sessions,
  contextWindow,
  threshold = 0.8,
  onEvent,
}: InvestigationMiddlewareOptions): LanguageModelMiddleware {
  return kiokuMiddleware({
    strategy: pipeline(
      kiokuDefault(),
      summarization({
        model: summarizer,
        prompt: securityInvestigationPrompt,
        // The trigger below decides when; the summarizer's own overflow splits its input.
        trigger: { inputTokens: Number.MAX_SAFE_INTEGER },
        isOverflowError: (error) => detectContextOverflow(error) !== undefined,
      }),
    ),
    trigger: thresholdTrigger({ fraction: threshold }),
    sessions,
    ...(contextWindow === undefined ? {} : { contextWindow }),
    ...(onEvent === undefined ? {} : { onEvent }),
  });
}
