import type { ChatTemplate } from './chat-template.js';
import { argumentsJson, messageParts } from './message-parts.js';
import { openAIToolsNamespace } from './openai-tools-namespace.js';
import type { Piece } from './rendered-message.js';

/**
 * OpenAI's chat format as its cookbook counts it (`How_to_count_tokens_with_tiktoken`): every message is
 * `<|start|>{role}<|message|>{content}<|end|>` (3 special tokens plus the role and the content), every
 * reply is primed with `<|start|>assistant<|message|>`. Tool calls and tool results, which the cookbook
 * does not cover, are written as messages of their own (`functions.{name}` and the JSON arguments; the
 * output), and tool definitions as the `namespace functions` block.
 */
export function chatMlTemplate(): ChatTemplate {
  return {
    renderMessage(message) {
      const parts = messageParts(message);
      const text = parts.texts.join('');
      const pieces: Piece[] = [];
      let specialTokens = 0;
      if (message.role !== 'tool' || text !== '') {
        pieces.push({ kind: 'text', text: message.role }, { kind: 'text', text });
        specialTokens += 3;
      }
      for (const call of parts.toolCalls) {
        pieces.push(
          { kind: 'toolCall', text: `assistant to=functions.${call.name}` },
          { kind: 'toolCall', text: argumentsJson(call.input) },
        );
        specialTokens += 3;
      }
      for (const result of parts.toolResults) {
        pieces.push({ kind: 'toolResult', text: 'tool' }, { kind: 'toolResult', text: result.output });
        specialTokens += 3;
      }
      return {
        role: message.role,
        pieces,
        specialTokens,
        toolCalls: parts.toolCalls.length,
        toolResults: parts.toolResults.length,
      };
    },
    renderTools(tools) {
      return openAIToolsNamespace(tools);
    },
    renderRequest() {
      return { pieces: [{ kind: 'text', text: 'assistant' }], specialTokens: 2 };
    },
  };
}
