import type { ModelMessage, UserModelMessage } from 'ai';
import { messageText } from '../../messages/message-text.js';

/** The first line of every summary message; how a later compaction recognises an earlier summary. */
export const summaryMarker = '=== Previous Conversation Summary ===';

/**
 * The user message that stands for the summarized part of a history: the marker line, then the summary.
 * Marked `providerOptions.kioku.summary` as well (providers ignore the `kioku` key); recognition relies on
 * the marker, which survives any storage format.
 *
 * @example
 * summaryMessage('The user asked to triage alert 42. …'); // { role: 'user', content: '=== Previous Conversation Summary ===\nThe user asked…' }
 */
export function summaryMessage(summary: string): UserModelMessage {
  return {
    role: 'user',
    content: `${summaryMarker}\n${summary}`,
    providerOptions: { kioku: { summary: true } },
  };
}

/** True when `message` is a summary made by {@link summaryMessage} (a user message opening with the marker). */
export function isSummaryMessage(message: ModelMessage): boolean {
  return message.role === 'user' && messageText(message).trimStart().startsWith(summaryMarker);
}

/** The summary a summary message holds, without the marker line. */
export function summaryText(message: ModelMessage): string {
  const text = messageText(message).trimStart();
  return text.startsWith(summaryMarker) ? text.slice(summaryMarker.length).trim() : text.trim();
}
