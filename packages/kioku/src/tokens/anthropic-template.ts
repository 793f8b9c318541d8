import type { ChatTemplate } from './chat-template.js';
import { argumentsJson, messageParts, type ToolCallPiece } from './message-parts.js';
import type { Piece, RenderedMessage } from './rendered-message.js';

/**
 * An approximation of how Anthropic lays out a Messages API prompt for Claude: `\n\nHuman:` and
 * `\n\nAssistant:` turns, tool calls as `<function_calls><invoke>` blocks with raw string parameters, tool
 * results (merged into one user turn) as `<function_results>`, tool definitions as their JSON. Anthropic
 * does not publish the real layout nor its tool-use system prompt; the calibration fits what this misses
 * (per-element overheads, the tool preamble, and scales for a vocabulary that is not Claude 3's).
 */
export function anthropicTemplate(): ChatTemplate {
  return {
    renderMessage(message) {
      const parts = messageParts(message);
      const text = parts.texts.join('\n');
      switch (message.role) {
        case 'system':
          return rendered('system', [{ kind: 'text', text }]);
        case 'user':
          return rendered('user', [{ kind: 'text', text: `\n\nHuman: ${text}` }]);
        case 'assistant': {
          const pieces: Piece[] = [{ kind: 'text', text: `\n\nAssistant: ${text}` }];
          if (parts.toolCalls.length > 0) {
            const invokes = parts.toolCalls.map(renderInvoke).join('\n');
            pieces.push({ kind: 'toolCall', text: `\n<function_calls>\n${invokes}\n</function_calls>` });
            // The results come back as the next user turn.
            pieces.push({ kind: 'toolResult', text: '\n\nHuman: <function_results>\n</function_results>' });
          }
          return { ...rendered('assistant', pieces), toolCalls: parts.toolCalls.length };
        }
        case 'tool': {
          const pieces = parts.toolResults.map(
            (result): Piece => ({
              kind: 'toolResult',
              text: `<result>\n<tool_name>${result.name}</tool_name>\n<stdout>\n${result.output}\n</stdout>\n</result>`,
            }),
          );
          return { ...rendered('tool', pieces), toolResults: parts.toolResults.length };
        }
      }
    },
    renderTools(tools) {
      return tools
        .map((tool) =>
          JSON.stringify({
            name: tool.name,
            ...(tool.description === undefined ? {} : { description: tool.description }),
            input_schema: tool.inputSchema,
          }),
        )
        .join('\n');
    },
    renderRequest() {
      return { pieces: [{ kind: 'text', text: '\n\nAssistant:' }], specialTokens: 0 };
    },
  };
}

function rendered(role: RenderedMessage['role'], pieces: Piece[]): RenderedMessage {
  return { role, pieces, specialTokens: 0, toolCalls: 0, toolResults: 0 };
}

function renderInvoke(call: ToolCallPiece): string {
  const input =
    call.input !== null && typeof call.input === 'object' && !Array.isArray(call.input)
      ? Object.entries(call.input as Record<string, unknown>)
      : [['input', argumentsJson(call.input)] as const];
  const parameters = input.map(
    ([key, value]) =>
      `<parameter name="${key}">${typeof value === 'string' ? value : JSON.stringify(value)}</parameter>`,
  );
  return `<invoke name="${call.name}">\n${parameters.join('\n')}\n</invoke>`;
}
