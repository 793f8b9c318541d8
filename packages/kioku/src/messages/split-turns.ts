import type { ModelMessage } from 'ai';

/** A contiguous run of messages: `messages.slice(start, end)`. */
export interface MessageSpan {
  start: number;
  end: number;
}

/**
 * Splits a history into turns: each turn starts at a user message and holds what follows it (the
 * assistant's replies, tool calls and their results) up to the next user message. Leading system
 * messages form a turn of their own. Every turn boundary is a place where a history can be cut without
 * separating a tool call from its result.
 */
export function splitTurns(messages: readonly ModelMessage[]): MessageSpan[] {
  const starts = messages.flatMap((message, index) =>
    index === 0 || (message.role === 'user' && messages[index - 1]?.role !== 'user') ? [index] : [],
  );
  return starts.map((start, i) => ({ start, end: starts[i + 1] ?? messages.length }));
}

/**
 * Splits a history into steps: each assistant message together with the tool results that answer it.
 * Messages before the first assistant message, and user messages between steps, form steps of their own.
 * Agents with one user message and hundreds of tool calls have one turn but many steps; a cut between
 * steps also keeps every tool call with its result.
 */
export function splitSteps(messages: readonly ModelMessage[]): MessageSpan[] {
  const starts = messages.flatMap((message, index) => {
    if (index === 0) return [0];
    const previous = messages[index - 1];
    if (message.role === 'tool') return [];
    if (message.role === 'assistant') return [index];
    return previous?.role === 'tool' || previous?.role === 'assistant' ? [index] : [];
  });
  return starts.map((start, i) => ({ start, end: starts[i + 1] ?? messages.length }));
}
