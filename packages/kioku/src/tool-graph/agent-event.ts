/**
 * One event of an agent run as the tool graph sees it: a user message (its text feeds the intent
 * features), a tool call with its outcome, or a text reply by the agent.
 */
export type AgentEvent =
  | { kind: 'user'; text: string }
  | { kind: 'call'; tool: string; input: unknown; outcome: 'ok' | 'error'; output?: string }
  | { kind: 'reply' };

/** The action token of a text reply (the agent answers instead of calling a tool). */
export const replyAction = '<reply>';
