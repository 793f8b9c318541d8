import type { ModelMessage, SystemModelMessage } from 'ai';
import { InvalidSessionInputError } from '../errors/invalid-session-input-error.js';
import { buildCurrentView } from './build-current-view.js';
import { checkMessages } from './check-session-input.js';
import type { SessionExport } from './session.js';
import type { ResumedSession, ResumeSessionOptions } from './session-store.js';

/**
 * What `SessionStore.resume` returns for an exported session: the leading system messages as
 * `instructions`, the rest (original messages or the current view) then `newMessages`, and an `onEnd`
 * that stores `newMessages` and the response messages through `append` from the stored count on.
 */
export function resumeSession(
  exported: SessionExport,
  { newMessages = [], view = 'original' }: ResumeSessionOptions,
  append: (input: { messages: readonly ModelMessage[]; from: number }) => Promise<unknown>,
): ResumedSession {
  const sessionId = exported.session.id;
  if (view !== 'original' && view !== 'current') {
    throw new InvalidSessionInputError({
      sessionId,
      field: 'view',
      expected: "'original' or 'current'",
      found: JSON.stringify(view),
    });
  }
  // Checked now, before any model call: a message the store would refuse fails here, not in `onEnd`.
  checkMessages(newMessages, { field: 'newMessages', sessionId });
  const history =
    view === 'original' ? exported.messages : buildCurrentView({ sessionId, ...exported }).messages;
  const opening = history.findIndex((message) => message.role !== 'system');
  const split = opening === -1 ? history.length : opening;
  const instructions = history.slice(0, split) as SystemModelMessage[];
  const rest = history.slice(split);
  const from = exported.messages.length;
  const added = [...newMessages];
  return {
    ...(instructions.length === 0 ? {} : { instructions }),
    messages: [...rest, ...added],
    ...(rest.some((message) => message.role === 'system') ? { allowSystemInMessages: true as const } : {}),
    async onEnd({ responseMessages }) {
      if (!Array.isArray(responseMessages)) {
        throw new InvalidSessionInputError({
          sessionId,
          field: 'responseMessages',
          expected: "the end event of generateText or streamText (its 'responseMessages')",
          found: typeof responseMessages,
        });
      }
      await append({ messages: [...added, ...responseMessages], from });
    },
  };
}
