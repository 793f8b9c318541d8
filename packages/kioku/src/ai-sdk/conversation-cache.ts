import { checkCount } from '../strategies/internal/check-option.js';
import type { Compactor } from './create-compactor.js';
import type { ConversationEvictedEvent } from './kioku-event.js';

/** Options of {@link conversationCache}. */
export interface ConversationCacheOptions {
  /** Conversations kept; the least recently used is forgotten beyond it. Default 1000. */
  maxConversations?: number;
  /**
   * Bytes the conversations kept may hold together (each its history's, as `Compactor.retainedBytes`
   * estimates it); the least recently used are forgotten beyond it, checked whenever a conversation is
   * looked up. The conversation looked up is never forgotten, whatever its size. Default 256 MiB.
   */
  maxBytes?: number;
  /** Told of each conversation forgotten (`kiokuMiddleware` passes its `onEvent` to the cache it makes). */
  onEvent?: (event: ConversationEvictedEvent) => void;
}

/** The per-conversation state of kioku's middleware: a compactor per conversation id, bounded. */
export interface ConversationCache {
  /** The conversation's compactor, made by `create` the first time. */
  get(id: string, create: () => Compactor): Compactor;
  /** The conversation's compactor when one is held, without making it the most recently used. */
  peek(id: string): Compactor | undefined;
  /** Conversations held. */
  readonly size: number;
  /** Bytes the conversations held hold together (see `maxBytes`). */
  readonly bytes: number;
}

/** {@link ConversationCacheOptions.maxBytes}'s default: 256 MiB. */
const defaultMaxBytes = 256 * 1024 * 1024;

/**
 * A {@link ConversationCache}: kioku's middleware state per conversation id, bounded by count and by
 * bytes: the least recently used conversations are dropped beyond `maxConversations` or `maxBytes`, each
 * with a `conversation-evicted` event (its next call starts over from the history it carries). Make one at
 * module level and pass it to every `kiokuMiddleware` built per request, so a chat handler keeps each
 * conversation's compaction across turns instead of summarizing its whole history again (the middlewares
 * must be configured alike).
 *
 * @example
 * const conversations = conversationCache({ maxBytes: 64 * 1024 * 1024, onEvent: console.log });
 * app.post('/chat', (c) => streamText({ model: wrapLanguageModel({ model, middleware: kiokuMiddleware({ conversations }) }), messages }));
 */
export function conversationCache({
  maxConversations = 1000,
  maxBytes = defaultMaxBytes,
  onEvent,
}: ConversationCacheOptions = {}): ConversationCache {
  checkCount({ strategy: 'conversationCache', option: 'maxConversations', value: maxConversations, min: 1 });
  checkCount({ strategy: 'conversationCache', option: 'maxBytes', value: maxBytes, min: 1 });
  const compactors = new Map<string, Compactor>();
  const held = () => {
    let sum = 0;
    for (const compactor of compactors.values()) sum += compactor.retainedBytes();
    return sum;
  };
  const evict = (id: string, compactor: Compactor, reason: ConversationEvictedEvent['reason']) => {
    compactors.delete(id);
    onEvent?.({
      type: 'conversation-evicted',
      conversationId: id,
      reason,
      bytes: compactor.retainedBytes(),
      conversationsLeft: compactors.size,
    });
  };
  /** Forgets the least recently used conversations but `keep` while over a bound. */
  const bound = (keep: string) => {
    for (const [id, compactor] of compactors) {
      if (compactors.size <= maxConversations) break;
      if (id !== keep) evict(id, compactor, 'count');
    }
    let bytes = held();
    for (const [id, compactor] of compactors) {
      if (bytes <= maxBytes) break;
      if (id === keep) continue;
      bytes -= compactor.retainedBytes();
      evict(id, compactor, 'bytes');
    }
  };
  return {
    get(id, create) {
      let compactor = compactors.get(id);
      if (compactor !== undefined) compactors.delete(id);
      else compactor = create();
      compactors.set(id, compactor);
      bound(id);
      return compactor;
    },
    peek: (id) => compactors.get(id),
    get size() {
      return compactors.size;
    },
    get bytes() {
      return held();
    },
  };
}
