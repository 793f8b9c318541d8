import type { ModelMessage } from 'ai';
import type { AgentEvent } from './agent-event.js';
import { textActions } from './text-actions.js';

const errorPattern =
  /^\s*(error\b|traceback\b|exception\b)|"error"\s*:\s*(true|"[^"]+")|<returncode>\s*[1-9]\d*\s*<\/returncode>/i;

function textOf(message: ModelMessage & { role: 'user' | 'assistant' }): string {
  return typeof message.content === 'string'
    ? message.content
    : message.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ');
}

/**
 * The events of an agent run read from its `ModelMessage` history: user messages, the agent's tool calls
 * (in order, parallel calls one after another) with the outcome of their results, and its text replies.
 * A result is an error when it is an `error-text`/`error-json` output, or its text starts like one (or
 * reports a non-zero `<returncode>`). A run with no tool-call part at all is read as a text-based agent's:
 * an assistant message that writes an action (`textActions`: ReAct's `Action: name[args]`, a fenced
 * command block) is a call, and the user message right after it is that call's output, not a user turn.
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
  const native = messages.some(
    (message) =>
      message.role === 'assistant' &&
      typeof message.content !== 'string' &&
      message.content.some((part) => part.type === 'tool-call'),
  );
  for (let index = 0; index < messages.length; index += 1) {
    const message = messages[index] as ModelMessage;
    if (message.role === 'user') {
      events.push({ kind: 'user', text: textOf(message) });
    } else if (message.role === 'assistant') {
      const parts =
        typeof message.content === 'string'
          ? [{ type: 'text' as const, text: message.content }]
          : message.content;
      const calls = parts.filter((part) => part.type === 'tool-call');
      if (calls.length === 0) {
        const written = native ? [] : textActions(textOf(message));
        if (written.length > 0) {
          const next = messages[index + 1];
          const output = next?.role === 'user' ? textOf(next) : undefined;
          if (output !== undefined) index += 1;
          for (const action of written) {
            events.push({
              kind: 'call',
              tool: action.tool,
              input: action.input,
              outcome: output !== undefined && errorPattern.test(output) ? 'error' : 'ok',
              ...(output === undefined ? {} : { output }),
            });
          }
        } else if (parts.some((part) => part.type === 'text' && part.text.trim() !== '')) {
          events.push({ kind: 'reply' });
        }
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
