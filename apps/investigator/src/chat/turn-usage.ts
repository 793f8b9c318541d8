import type { LanguageModelUsage, ModelMessage } from 'ai';
import { sumUsage } from 'kioku';

/** What one turn cost, sub-agents included; kept on the turn's last assistant message. */
export interface TurnUsage {
  usage: LanguageModelUsage;
  costUsd?: number;
}

/** The `providerOptions` key the turn's usage is kept under (providers read only their own keys). */
const key = 'investigator';

/** `message` with the turn's usage attached, so it is stored with the conversation. */
export function withTurnUsage<Message extends ModelMessage>(message: Message, turn: TurnUsage): Message {
  return {
    ...message,
    providerOptions: {
      ...message.providerOptions,
      [key]: {
        usage: JSON.parse(JSON.stringify(turn.usage)),
        ...(turn.costUsd === undefined ? {} : { costUsd: turn.costUsd }),
      },
    },
  };
}

/**
 * The usage and cost of every turn of a stored conversation, summed; `costUsd` is `undefined` when no
 * turn was priced.
 *
 * @example
 * const { usage, costUsd } = conversationUsage(await sessions.messages('id:alert-42'));
 */
export function conversationUsage(messages: readonly ModelMessage[]): {
  usage: LanguageModelUsage;
  costUsd: number | undefined;
  turns: number;
} {
  const turns: TurnUsage[] = [];
  for (const message of messages) {
    const recorded = message.providerOptions?.[key];
    if (recorded === undefined || typeof recorded.usage !== 'object' || recorded.usage === null) continue;
    turns.push({
      usage: recorded.usage as LanguageModelUsage,
      ...(typeof recorded.costUsd === 'number' ? { costUsd: recorded.costUsd } : {}),
    });
  }
  const priced = turns.filter((turn) => turn.costUsd !== undefined);
  return {
    usage: sumUsage(turns.map((turn) => turn.usage)),
    costUsd: priced.length === 0 ? undefined : priced.reduce((sum, turn) => sum + (turn.costUsd ?? 0), 0),
    turns: turns.length,
  };
}
