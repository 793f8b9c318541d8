import type { ConversationSessions } from '../ai-sdk/conversation-sessions.js';
import { SessionExistsError } from '../errors/session-exists-error.js';
import { UnknownSessionError } from '../errors/unknown-session-error.js';
import { activeViews } from './active-views.js';
import { buildCurrentView } from './build-current-view.js';
import type { SessionStore } from './session-store.js';

/**
 * The `ConversationSessions` kioku's middleware keeps conversations in, over a session store: each
 * conversation is the session whose id is the conversation's (created at its first call), its messages
 * appended, each compaction recorded as a view. Resuming reads the session once and starts from its
 * current view up to the end of the last compacted range.
 *
 * @example
 * const sessions = conversationSessions(createSessionStore(await openStore({ location: './.kioku' })));
 * const model = wrapLanguageModel({ model: openai('gpt-4o'), middleware: kiokuMiddleware({ sessions }) });
 * await generateText({ model, messages, providerOptions: { kioku: { conversationId: 'ticket-42' } } }); // session 'id:ticket-42'
 */
export function conversationSessions(sessions: SessionStore): ConversationSessions {
  const conversations: ConversationSessions = {
    async load(conversationId) {
      let exported: Awaited<ReturnType<SessionStore['export']>>;
      try {
        exported = await sessions.export(conversationId);
      } catch (error) {
        if (!UnknownSessionError.isInstance(error)) throw error;
        try {
          await sessions.create({ id: conversationId, metadata: { kioku: 'conversation' } });
        } catch (raced) {
          // Another process created it first: read what it holds.
          if (SessionExistsError.isInstance(raced)) return conversations.load(conversationId);
          throw raced;
        }
        return { messageCount: 0 };
      }
      const { messages, views } = exported;
      const covered = Math.max(0, ...activeViews(views).map((view) => view.replaces.to));
      if (covered === 0) return { messageCount: messages.length };
      const view = buildCurrentView({ sessionId: conversationId, messages, views });
      const end = view.origins.findIndex((origin) => origin.from >= covered);
      const length = end === -1 ? view.messages.length : end;
      return {
        messageCount: messages.length,
        compacted: { messages: view.messages.slice(0, length), origins: view.origins.slice(0, length) },
      };
    },

    async append(conversationId, messages, from) {
      // What another writer stored of these (the caller's `onEnd` from `resume`) is not stored twice.
      await sessions.append({ sessionId: conversationId, messages, from });
    },

    async recordCompaction(conversationId, { replaces, messages, strategy, tokensBefore, tokensAfter }) {
      await sessions.recordCompaction({
        sessionId: conversationId,
        replaces,
        summary: messages,
        strategy,
        tokensBefore,
        tokensAfter,
      });
    },
  };
  return conversations;
}
