import type { Tool } from 'ai';

/** Whether a tool only reads (runs at once) or may write (waits for an analyst's approval). */
export type ToolAccess = 'read' | 'write';

/** MCP's behavioural hints of a tool, as the AI SDK's MCP client puts them in `tool.metadata.annotations`. */
interface McpAnnotations {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
}

/**
 * How an MCP tool is classified: named in the server's `write` list → write; else its MCP annotations
 * when it has any (`readOnlyHint: true` and not `destructiveHint` → read, otherwise write); else named in
 * the server's `read` list → read; else write (an unknown tool may change something).
 */
export function classifyMcpTool({
  name,
  annotations,
  read = [],
  write = [],
}: {
  name: string;
  annotations: McpAnnotations | undefined;
  read?: readonly string[];
  write?: readonly string[];
}): ToolAccess {
  if (write.includes(name)) return 'write';
  if (
    annotations !== undefined &&
    (annotations.readOnlyHint !== undefined || annotations.destructiveHint !== undefined)
  ) {
    return annotations.readOnlyHint === true && annotations.destructiveHint !== true ? 'read' : 'write';
  }
  return read.includes(name) ? 'read' : 'write';
}

/** `tool` with its access recorded in its metadata (`metadata.access`), where the chat's approval rule reads it. */
export function withToolAccess(tool: Tool, access: ToolAccess): Tool {
  return { ...tool, metadata: { ...(tool.metadata ?? {}), access } } as Tool;
}

/** The access recorded on a tool by {@link withToolAccess}: `write` needs approval; anything else reads. */
export function toolAccess(tool: { metadata?: Record<string, unknown> | undefined } | undefined): ToolAccess {
  return tool?.metadata?.access === 'write' ? 'write' : 'read';
}

/** The MCP annotations of a tool made by the AI SDK's MCP client, if any. */
export function mcpAnnotations(tool: Tool): McpAnnotations | undefined {
  const annotations = tool.metadata?.annotations;
  return typeof annotations === 'object' && annotations !== null && !Array.isArray(annotations)
    ? (annotations as McpAnnotations)
    : undefined;
}
