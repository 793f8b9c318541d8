import { checkCount } from '../strategies/internal/check-option.js';
import type { Compactor } from './create-compactor.js';

/** Options of {@link conversationCache}. */
export interface ConversationCacheOptions {
  /** Conversations kept; the least recently used is forgotten beyond it. Default 1000. */
  maxConversations?: number;
}

/** The per-conversation state of kioku's middleware: a compactor per conversation id, bounded. */
export interface ConversationCache {
  /** The conversation's compactor, made by `create` the first time. */
  get(id: string, create: () => Compactor): Compactor;
  /** The conversation's compactor when one is held, without making it the most recently used. */
  peek(id: string): Compactor | undefined;
  /** Conversations held. */
  readonly size: number;
}

/**
 * A {@link ConversationCache}: kioku's middleware state per conversation id, bounded: the least
 * recently used conversation is dropped beyond `maxConversations`. Make one at module level and pass it to
 * every `kiokuMiddleware` built per request, so a chat handler keeps each conversation's compaction
 * across turns instead of summarizing its whole history again (the middlewares must be configured alike).
 *
 * @example
 * const conversations = conversationCache();
 * app.post('/chat', (c) => streamText({ model: wrapLanguageModel({ model, middleware: kiokuMiddleware({ conversations }) }), messages }));
 */
export function conversationCache({
  maxConversations = 1000,
}: ConversationCacheOptions = {}): ConversationCache {
  checkCount({ strategy: 'conversationCache', option: 'maxConversations', value: maxConversations, min: 1 });
  const compactors = new Map<string, Compactor>();
  return {
    get(id, create) {
      const known = compactors.get(id);
      if (known !== undefined) {
        compactors.delete(id);
        compactors.set(id, known);
        return known;
      }
      const made = create();
      compactors.set(id, made);
      if (compactors.size > maxConversations) {
        const oldest = compactors.keys().next().value;
        if (oldest !== undefined) compactors.delete(oldest);
      }
      return made;
    },
    peek: (id) => compactors.get(id),
    get size() {
      return compactors.size;
    },
  };
}
