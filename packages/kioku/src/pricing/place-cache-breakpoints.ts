import type { ModelMessage } from 'ai';

/** Options of {@link placeCacheBreakpoints}. */
export interface PlaceCacheBreakpointsOptions {
  /** Put a breakpoint on the (last leading) system message. */
  system?: boolean;
  /** How many of the latest messages with a role in `roles` get a breakpoint. */
  recent?: number;
  roles?: readonly ModelMessage['role'][];
  /** Lifetime of the marked entries: Anthropic's default 5 minutes, or `'1h'`. */
  ttl?: '5m' | '1h';
}

/**
 * Places Anthropic cache breakpoints (`providerOptions.anthropic.cacheControl`) the way most agents do:
 * on the system prompt and on the latest `recent` user and tool messages, removing any other marker. This
 * is the rule of Anthropic's computer-use quickstart, which OpenHands CodeAct follows (system + last 3
 * user/tool messages), so a recorded run's earlier prompts can be re-marked as the agent sent them.
 * Messages that need no change are returned as they are.
 *
 * @example
 * const marked = placeCacheBreakpoints(transcript.messages.slice(0, call.messageCount));
 */
export function placeCacheBreakpoints(
  messages: readonly ModelMessage[],
  { system = true, recent = 3, roles = ['user', 'tool'], ttl = '5m' }: PlaceCacheBreakpointsOptions = {},
): ModelMessage[] {
  const marked = new Set<number>();
  if (system) {
    let lastSystem = -1;
    while (messages[lastSystem + 1]?.role === 'system') lastSystem += 1;
    if (lastSystem >= 0) marked.add(lastSystem);
  }
  for (let index = messages.length - 1, left = recent; index >= 0 && left > 0; index -= 1) {
    const role = messages[index]?.role;
    if (role !== undefined && roles.includes(role)) {
      marked.add(index);
      left -= 1;
    }
  }
  const cacheControl = ttl === '1h' ? { type: 'ephemeral', ttl } : { type: 'ephemeral' };
  return messages.map((message, index) => withMarker(message, marked.has(index) ? cacheControl : undefined));
}

function withMarker(
  message: ModelMessage,
  cacheControl: { type: string; ttl?: string } | undefined,
): ModelMessage {
  const current = message.providerOptions?.anthropic?.cacheControl;
  if (cacheControl === undefined && current === undefined) return message;
  if (cacheControl !== undefined && JSON.stringify(current) === JSON.stringify(cacheControl)) return message;
  const { cacheControl: _dropped, ...anthropic } = message.providerOptions?.anthropic ?? {};
  const { anthropic: _old, ...others } = message.providerOptions ?? {};
  const nextAnthropic = cacheControl === undefined ? anthropic : { ...anthropic, cacheControl };
  const providerOptions =
    Object.keys(nextAnthropic).length > 0 ? { ...others, anthropic: nextAnthropic } : others;
  const { providerOptions: _previous, ...rest } = message;
  return (Object.keys(providerOptions).length > 0 ? { ...rest, providerOptions } : rest) as ModelMessage;
}
