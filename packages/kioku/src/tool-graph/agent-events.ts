import type { ModelMessage } from 'ai';
import type { AgentEvent } from './agent-event.js';

const errorPattern = /^\s*(error\b|traceback\b|exception\b)|"error"\s*:\s*(true|"[^"]+")/i;

/**
 * The events of an agent run read from its `ModelMessage` history: user messages, the agent's tool calls
 * (in order, parallel calls one after another) with the outcome of their results, and its text replies.
 * A result is an error when it is an `error-text`/`error-json` output, or its text starts like one.
 */
export function agentEvents(messages: readonly ModelMessage[]): AgentEvent[] {
  const events: AgentEvent[] = [];
  const outputs = new Map<string, { outcome: 'ok' | 'error'; text: string }>();
  for (const message of messages) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-result') continue;
      const output = part.output;
      const text =
        output.type === 'text' || output.type === 'error-text'
          ? output.value
          : output.type === 'json' || output.type === 'error-json'
            ? JSON.stringify(output.value)
            : '';
      const isError = output.type === 'error-text' || output.type === 'error-json' || errorPattern.test(text);
      outputs.set(part.toolCallId, { outcome: isError ? 'error' : 'ok', text });
    }
  }
  for (const message of messages) {
    if (message.role === 'user') {
      const text =
        typeof message.content === 'string'
          ? message.content
          : message.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ');
      events.push({ kind: 'user', text });
    } else if (message.role === 'assistant') {
      const parts =
        typeof message.content === 'string'
          ? [{ type: 'text' as const, text: message.content }]
          : message.content;
      const calls = parts.filter((part) => part.type === 'tool-call');
      if (calls.length === 0) {
        if (parts.some((part) => part.type === 'text' && part.text.trim() !== ''))
          events.push({ kind: 'reply' });
        continue;
      }
      for (const call of calls) {
        const result = outputs.get(call.toolCallId);
        events.push({
          kind: 'call',
          tool: call.toolName,
          input: call.input,
          outcome: result?.outcome ?? 'ok',
          ...(result === undefined ? {} : { output: result.text }),
        });
      }
    }
  }
  return events;
}
