import type { ChatTemplate } from './chat-template.js';
import { argumentsJson, messageParts, type ToolCallPiece } from './message-parts.js';
import { pythonJson } from './python-json.js';
import type { Piece, RenderedMessage } from './rendered-message.js';
import { toolFunction } from './tool-function.js';

const dsml = '｜DSML｜';

/** The tool block DeepSeek V3.2 appends to the system prompt (`encoding_dsv32.py`, TOOLS_SYSTEM_TEMPLATE). */
const toolsPreamble = `## Tools

You have access to a set of tools you can use to answer the user's question.
You can invoke functions by writing a "<${dsml}function_calls>" block like the following as part of your reply to the user:
<${dsml}function_calls>
<${dsml}invoke name="$FUNCTION_NAME">
<${dsml}parameter name="$PARAMETER_NAME" string="true|false">$PARAMETER_VALUE</${dsml}parameter>
...
</${dsml}invoke>
<${dsml}invoke name="$FUNCTION_NAME2">
...
</${dsml}invoke>
</${dsml}function_calls>

String and scalar parameters should be specified as is without any escaping or quotes, while lists and objects should use JSON format. The "string" attribute should be set to "true" for string type parameters and "false" for other types (numbers, booleans, arrays, objects).

If the thinking_mode is enabled, then after function results you should strongly consider outputting a thinking block. Here is an example:

<${dsml}function_calls>
...
</${dsml}function_calls>

<function_results>
...
</function_results>

<think>...thinking about results</think>

Here are the functions available in JSONSchema format:
<functions>
`;

/**
 * DeepSeek V3.2's chat encoding in non-thinking mode (what `deepseek-chat` serves; `encoding_dsv32.py` of
 * deepseek-ai/DeepSeek-V3.2): `<｜User｜>…<｜Assistant｜></think>`, the assistant's text then its tool calls
 * as DSML blocks whose string arguments are written raw, `<｜end▁of▁sentence｜>`, and tool results as
 * `<function_results><result>…</result></function_results>` followed by `</think>`. The block around the
 * results is attributed to the assistant message that called the tools. `</think>` is one special token
 * in V3.1+, which the published V3 vocabulary lacks, so it is counted as one here. An assistant message
 * with reasoning (`deepseek-reasoner` in a tool-use turn, whose `reasoning_content` the client sends back
 * and DeepSeek bills) is written in thinking mode: the reasoning, `</think>`, the answer. The encoding drops
 * the reasoning of turns before the last user message; counts are per message, so a message's reasoning
 * is counted wherever it is sent — agents that answer tools with tool messages have one user turn.
 */
export function deepSeekV32Template(): ChatTemplate {
  return {
    renderMessage(message) {
      const parts = messageParts(message);
      const text = parts.texts.join('');
      switch (message.role) {
        case 'system':
          return rendered('system', [{ kind: 'text', text }], 0);
        case 'user':
          // <｜User｜> … <｜Assistant｜></think>
          return rendered('user', [{ kind: 'text', text }], 3);
        case 'assistant': {
          const reasoning = parts.reasoning.join('');
          // Thinking mode: the reasoning sent back, then </think>, before the answer.
          const pieces: Piece[] =
            reasoning === ''
              ? [{ kind: 'text', text }]
              : [
                  { kind: 'text', text: reasoning },
                  { kind: 'text', text },
                ];
          let specialTokens = reasoning === '' ? 1 : 2; // <｜end▁of▁sentence｜> (and </think>)
          if (parts.toolCalls.length > 0) {
            const invokes = parts.toolCalls.map(renderInvoke).join('\n');
            pieces.push({
              kind: 'toolCall',
              text: `\n\n<${dsml}function_calls>\n${invokes}\n</${dsml}function_calls>`,
            });
            pieces.push({ kind: 'toolResult', text: '\n\n<function_results>' });
            pieces.push({ kind: 'toolResult', text: '\n</function_results>\n\n' });
            specialTokens += 1; // </think> after the results
          }
          return { ...rendered('assistant', pieces, specialTokens), toolCalls: parts.toolCalls.length };
        }
        case 'tool': {
          const pieces = parts.toolResults.map(
            (result): Piece => ({ kind: 'toolResult', text: `\n<result>${result.output}</result>` }),
          );
          return { ...rendered('tool', pieces, 0), toolResults: parts.toolResults.length };
        }
      }
    },
    renderTools(tools) {
      const schemas = tools.map((tool) => pythonJson(toolFunction(tool))).join('\n');
      return `\n\n${toolsPreamble}${schemas}\n</functions>\n`;
    },
    renderRequest() {
      return { pieces: [], specialTokens: 1 }; // <｜begin▁of▁sentence｜>
    },
  };
}

function rendered(role: RenderedMessage['role'], pieces: Piece[], specialTokens: number): RenderedMessage {
  return { role, pieces, specialTokens, toolCalls: 0, toolResults: 0 };
}

function renderInvoke(call: ToolCallPiece): string {
  const input =
    call.input !== null && typeof call.input === 'object' && !Array.isArray(call.input)
      ? (call.input as Record<string, unknown>)
      : { arguments: argumentsJson(call.input) };
  const parameters = Object.entries(input).map(([key, value]) => {
    const isString = typeof value === 'string';
    return `<${dsml}parameter name="${key}" string="${isString}">${isString ? value : pythonJson(value)}</${dsml}parameter>`;
  });
  return `<${dsml}invoke name="${call.name}">\n${parameters.join('\n')}\n</${dsml}invoke>`;
}
