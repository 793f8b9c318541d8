import type { ChatTemplate } from './chat-template.js';
import { argumentsJson, messageParts } from './message-parts.js';
import { pythonJson } from './python-json.js';
import type { Piece } from './rendered-message.js';
import { toolFunction } from './tool-function.js';

/** What Qwen2.5's chat template writes around the tool schemas, which it appends to the system message. */
const toolsIntro =
  '\n\n# Tools\n\nYou may call one or more functions to assist with the user query.\n\nYou are provided with function signatures within <tools></tools> XML tags:\n<tools>';
const toolsOutro =
  '\n</tools>\n\nFor each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:\n<tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call>';

/**
 * Qwen2.5's chat template (`tokenizer_config.json` of Qwen/Qwen2.5-*-Instruct; Qwen3's is the same for
 * what it bills): every message is `<|im_start|>{role}\n{content}<|im_end|>\n`, tool calls are
 * `<tool_call>\n{"name": …, "arguments": …}\n</tool_call>` in the assistant message, tool results are
 * `<tool_response>\n…\n</tool_response>` in a user message, tool schemas are JSON lines in a `<tools>` block
 * added to the system message, and the reply is primed with `<|im_start|>assistant\n`. Reasoning of earlier
 * turns is dropped, as Qwen3's template does.
 */
export function qwenTemplate(): ChatTemplate {
  return {
    renderMessage(message) {
      const parts = messageParts(message);
      const text = parts.texts.join('');
      // Pieces split where the template puts special tokens, as the tokenizer splits there too.
      const pieces: Piece[] = [];
      let specialTokens = 0;
      if (message.role !== 'tool') {
        const head = message.role === 'assistant' && text === '' ? 'assistant' : `${message.role}\n${text}`;
        pieces.push({ kind: 'text', text: parts.toolCalls.length > 0 ? `${head}\n` : head });
        specialTokens += 2; // <|im_start|>, <|im_end|>
      }
      parts.toolCalls.forEach((call, index) => {
        const input =
          typeof call.input === 'string' ? argumentsJson(call.input) : pythonJson(call.input ?? {});
        const json = `{"name": ${JSON.stringify(call.name)}, "arguments": ${input}}`;
        if (index > 0) pieces.push({ kind: 'toolCall', text: '\n' });
        pieces.push({ kind: 'toolCall', text: `\n${json}\n` });
        specialTokens += 2; // <tool_call>, </tool_call>
      });
      for (const result of parts.toolResults) {
        // <tool_response> is plain text in the Qwen2.5 vocabulary (a special token only from Qwen3 on).
        pieces.push({
          kind: 'toolResult',
          text: `user\n<tool_response>\n${result.output}\n</tool_response>`,
        });
        specialTokens += 2; // <|im_start|>, <|im_end|>
      }
      pieces.push({ kind: message.role === 'tool' ? 'toolResult' : 'text', text: '\n' }); // after <|im_end|>
      return {
        role: message.role,
        pieces,
        specialTokens,
        toolCalls: parts.toolCalls.length,
        toolResults: parts.toolResults.length,
      };
    },
    renderTools(tools) {
      const lines = tools.map(
        (tool) => `\n${pythonJson({ type: 'function', function: toolFunction(tool) })}`,
      );
      return `${toolsIntro}${lines.join('')}${toolsOutro}`;
    },
    renderRequest() {
      return { pieces: [{ kind: 'text', text: 'assistant\n' }], specialTokens: 1 };
    },
  };
}
