import type { ChatTemplate } from './chat-template.js';
import { argumentsJson, messageParts } from './message-parts.js';
import type { Piece } from './rendered-message.js';
import { toolFunction } from './tool-function.js';

/**
 * A provider-neutral layout for estimates: the role, the text, each tool call as its name and JSON
 * arguments, each tool result's output, tool definitions as JSON. No special tokens: what a provider adds
 * is left to calibrated overheads.
 */
export function plainTemplate(): ChatTemplate {
  return {
    renderMessage(message) {
      const parts = messageParts(message);
      const pieces: Piece[] = [{ kind: 'text', text: `${message.role}\n${parts.texts.join('\n')}` }];
      for (const call of parts.toolCalls) {
        pieces.push({ kind: 'toolCall', text: `${call.name}\n${argumentsJson(call.input)}` });
      }
      for (const result of parts.toolResults) pieces.push({ kind: 'toolResult', text: result.output });
      return {
        role: message.role,
        pieces,
        specialTokens: 0,
        toolCalls: parts.toolCalls.length,
        toolResults: parts.toolResults.length,
      };
    },
    renderTools(tools) {
      return JSON.stringify(tools.map(toolFunction));
    },
    renderRequest() {
      return { pieces: [], specialTokens: 0 };
    },
  };
}
