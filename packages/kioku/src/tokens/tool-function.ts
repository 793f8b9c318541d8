import type { ToolDefinition } from '../transcripts/transcript.js';

/** A tool as OpenAI-style APIs send it (`{name, description, parameters}`), keys in that order. */
export function toolFunction(tool: ToolDefinition): Record<string, unknown> {
  return tool.description === undefined
    ? { name: tool.name, parameters: tool.inputSchema }
    : { name: tool.name, description: tool.description, parameters: tool.inputSchema };
}
