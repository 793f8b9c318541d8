import { createHash } from 'node:crypto';
import type { LanguageModel, LanguageModelUsage, ModelMessage } from 'ai';
import type { ConversationSessions } from './conversation-sessions.js';
import type { Compactor } from './create-compactor.js';
import { checkKiokuOptions, compactorForModel, type KiokuOptions } from './kioku-options.js';

/** What the helper reads of `prepareStep`'s argument (a subset, so it fits every agent's `prepareStep`). */
export interface PrepareStepInput {
  /** The steps run so far; the last one's usage says how large its prompt was. */
  steps: ReadonlyArray<{ usage: LanguageModelUsage }>;
  model: LanguageModel;
  /** The messages the step would send. */
  messages: ModelMessage[];
}

/** Options of {@link kiokuPrepareStep}. */
export interface KiokuPrepareStepOptions extends KiokuOptions {
  /**
   * Where the conversation persists (`conversationSessions(createSessionStore(store))` from
   * `kioku/store`); default none. Its messages are appended as steps carry them and each summary is
   * recorded as a view; a conversation resumed in a new process (a new `kiokuPrepareStep` with the same
   * `conversationId`) starts from its latest recorded compaction instead of summarizing again. Failures
   * are reported as `session-error` events; the step goes on.
   */
  sessions?: ConversationSessions;
  /**
   * The session's name (stored as `id:<conversationId>`, as the middleware stores
   * `providerOptions.kioku.conversationId`); default derived from the first step's system messages and
   * first user message (`derived:<hash>`).
   */
  conversationId?: string;
}

/** A `prepareStep` function that compacts the step's messages when needed. */
export type KiokuPrepareStep = (input: PrepareStepInput) => Promise<{ messages: ModelMessage[] } | undefined>;

/**
 * A `prepareStep` for `generateText`, `streamText` and `ToolLoopAgent` that manages the context before
 * each step: it applies the strategy (by default `kiokuDefault()`, as `kioku analyze` replays it) and
 * compacts further when the prompt reaches the trigger's threshold (judged from the previous step's
 * reported input tokens), and returns the messages to send when they differ. Make one per
 * conversation: it holds the full history and the strategy's state across steps. For recovery from a
 * provider's overflow error, wrap the model with `kiokuMiddleware({ trigger: false })` as well, and then
 * give the default summarization an unwrapped `summarizer`, so its calls do not pass through that middleware.
 * With `sessions`, compactions persist and a resumed conversation reuses them.
 *
 * @example
 * const agent = new ToolLoopAgent({ model, tools, prepareStep: kiokuPrepareStep({ contextWindow: 128_000 }) });
 * await agent.generate({ prompt: 'Investigate alert 42' });
 */
export function kiokuPrepareStep(options: KiokuPrepareStepOptions = {}): KiokuPrepareStep {
  checkKiokuOptions('kiokuPrepareStep', options);
  let compactor: Compactor | undefined;
  return async ({ steps, model, messages }) => {
    compactor ??= compactorForModel('kiokuPrepareStep', options, {
      model,
      modelId: typeof model === 'string' ? model : model.modelId,
      provider: typeof model === 'string' ? undefined : model.provider,
      ...(options.sessions === undefined
        ? {}
        : {
            session: {
              sessions: options.sessions,
              conversationId:
                options.conversationId === undefined || options.conversationId === ''
                  ? derivedConversationId(messages)
                  : `id:${options.conversationId}`,
            },
          }),
    });
    compactor.recordUsage(steps.at(-1)?.usage.inputTokens);
    const prepared = await compactor.prepare({ messages });
    const unchanged =
      prepared.messages.length === messages.length &&
      prepared.messages.every((message, index) => message === messages[index]);
    return unchanged ? undefined : { messages: prepared.messages };
  };
}

/** A hash of the system messages and the first user message: the same task under the same instructions. */
function derivedConversationId(messages: readonly ModelMessage[]): string {
  const system = messages.filter((message) => message.role === 'system');
  const firstUser = messages.find((message) => message.role === 'user');
  const hash = createHash('sha256')
    .update(JSON.stringify([system, firstUser ?? null]))
    .digest('hex');
  return `derived:${hash}`;
}
