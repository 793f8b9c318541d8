import { type ContextEditingState, contextEditing } from '../strategies/context-editing/index.js';
import type { Strategy } from '../strategies/strategy.js';
import { langChainApproximateCounter } from './langchain-approximate-counter.js';
import type { PeerTrigger } from './peer-trigger.js';

/** Options of {@link langChainContextEditing}. */
export interface LangChainContextEditingOptions {
  /** When to start clearing, by LangChain's approximate count; default `{ inputTokens: 100_000 }`. */
  trigger?: PeerTrigger;
}

/**
 * LangChain.js' `contextEditingMiddleware()` with its defaults (langchain 1.x,
 * `libs/langchain/src/agents/middleware/contextEditing.ts`): one `ClearToolUsesEdit` that, before every
 * model call, once the conversation reaches 100,000 tokens by `countTokensApproximately` (4 characters per
 * token, system prompt and tools left out), replaces every tool result but the 3 most recent with
 * `[cleared]`, keeping the tool calls' arguments. kioku's `contextEditing` does the clearing, given
 * LangChain's approximate counter for its trigger (and so for the token figures of its edits).
 *
 * @example
 * const strategy = langChainContextEditing(); // name 'langchain-context-editing'
 */
export function langChainContextEditing({
  trigger = { inputTokens: 100_000 },
}: LangChainContextEditingOptions = {}): Strategy<ContextEditingState> {
  const editing = contextEditing({ trigger, keep: 3, placeholder: '[cleared]' });
  const approximate = langChainApproximateCounter();
  return {
    ...editing,
    name: 'langchain-context-editing',
    apply: (input) => editing.apply({ ...input, counter: approximate }),
  };
}
