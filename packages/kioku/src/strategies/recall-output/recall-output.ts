import type { ModelMessage, Tool } from 'ai';
import { tool } from 'ai';
import { z } from 'zod';
import { InvalidSessionInputError } from '../../errors/invalid-session-input-error.js';
import { distinctToolCallIds } from '../../messages/distinct-tool-call-ids.js';
import { toolOutputText } from '../../messages/message-text.js';
import { isPlaceholder } from '../internal/placeholder-mark.js';

/** Where the original history is kept: a `SessionStore` (`kioku/store`) is one. */
export interface RecallSource {
  /** The original messages of a session, in order. */
  messages(sessionId: string): Promise<ModelMessage[]>;
}

/** Options of {@link recallOutput}. */
export interface RecallOutputOptions {
  /** The store of the full history (`createSessionStore(store)`, or any object with `messages`). */
  sessions: RecallSource;
  /**
   * The agent's session: with `kiokuMiddleware({ sessions: conversationSessions(…) })` it is
   * `id:<conversationId>` for a conversation given `providerOptions.kioku.conversationId`.
   */
  sessionId: string;
}

/** The longest handle accepted: provider tool call ids are far shorter. */
const maxHandleLength = 256;

/**
 * The name kioku's placeholders give the recall tool (`digestPlaceholder({ recallTool })`); register
 * {@link recallOutput} under it.
 */
export const recallOutputToolName = 'recall_output';

/**
 * An AI SDK tool that returns a tool output kioku masked, in full, from the session store that keeps the
 * conversation's original messages, so the agent can re-read it instead of running the tool again.
 * Masked outputs name their handle (the tool call id) in the placeholder when the masking's placeholder
 * is `digestPlaceholder({ recallTool: 'recall_output' })`, as `kiokuDefault({ recall: true })`'s is.
 * A provider that reuses ids gets handles told apart by position (`distinctToolCallIds`: `call_0-2` for
 * the second call under `call_0`). Only the session given here is read. The result is the output's text as the model first saw it (JSON
 * outputs stringified); an unknown handle is a tool error the model sees (`InvalidSessionInputError`).
 *
 * @example
 * const sessions = createSessionStore(await openStore({ location: './.kioku' }));
 * const tools = { ...agentTools, recall_output: recallOutput({ sessions, sessionId: 'id:ticket-42' }) };
 */
export function recallOutput({
  sessions,
  sessionId,
}: RecallOutputOptions): Tool<{ toolCallId: string }, string> {
  return tool({
    description:
      'Returns, in full, an earlier tool output that was shortened to an "[Old … output omitted …]" ' +
      'placeholder. Give the toolCallId the placeholder names.',
    inputSchema: z.object({
      toolCallId: z
        .string()
        .min(1)
        .max(maxHandleLength)
        .describe('The handle in the placeholder: the id of the tool call whose output to return.'),
    }),
    async execute({ toolCallId }) {
      // Handles name calls as the strategies saw them: a reused id told apart by position.
      const messages = distinctToolCallIds(await sessions.messages(sessionId));
      for (const message of messages) {
        if (message.role !== 'tool') continue;
        for (const part of message.content) {
          if (part.type === 'tool-result' && part.toolCallId === toolCallId && !isPlaceholder(part)) {
            return toolOutputText(part.output);
          }
        }
      }
      throw new InvalidSessionInputError({
        sessionId,
        field: 'toolCallId',
        expected: 'the id of a tool call whose output this session holds',
        found: JSON.stringify(toolCallId),
      });
    },
  });
}
