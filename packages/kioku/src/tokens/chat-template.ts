import type { ModelMessage } from 'ai';
import type { ToolDefinition } from '../transcripts/transcript.js';
import type { Rendered, RenderedMessage } from './rendered-message.js';

/**
 * How a model family lays a prompt out as text. Rendering is per message and must not depend on the
 * neighbours, so counts can be cached per message: markup that opens or closes a group (e.g. the block of
 * results after a tool call) is attributed to the message that causes it.
 */
export interface ChatTemplate {
  renderMessage(message: ModelMessage): RenderedMessage;
  /** The tool definitions as the model reads them (schemas and any published preamble text). */
  renderTools(tools: readonly ToolDefinition[]): string;
  /** What every request adds besides its messages and tools (BOS, the primer of the reply). */
  renderRequest(): Rendered;
}
