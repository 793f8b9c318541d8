import type { ToolSet } from 'ai';
import type { ToolRegistration } from './tool-registry.js';

/** How to reach an MCP server: a local process over stdio, or Streamable HTTP. */
export type McpTransport =
  | { type: 'stdio'; command: string; args?: string[]; env?: Record<string, string>; cwd?: string }
  | { type: 'http'; url: string; headers?: Record<string, string> };

/** Options of {@link mcpServer}. */
export interface McpServerOptions {
  /** The registration's name (`mcp:<name>` in the registry). */
  name: string;
  transport: McpTransport;
  /** Prepended to each tool's name (e.g. `intel_`), so two servers' tools cannot collide; default none. */
  prefix?: string;
  /** Only these of the server's tools are offered; default all. */
  allow?: readonly string[];
  /** A section for the main agent's system prompt. */
  systemPrompt?: string;
  /** Why it cannot be used now (e.g. a missing token), or `undefined`. */
  missing?: () => string | undefined;
}

/**
 * An MCP server's tools as a registry entry: connected through the AI SDK's MCP client when the registry
 * resolves, closed when it closes. Their outputs are untrusted data like any tool's.
 *
 * @example
 * createToolRegistry({ tools: [mcpServer({ name: 'intel', transport: { type: 'stdio', command: 'node', args: ['intel-server.js'] } })] });
 */
export function mcpServer({
  name,
  transport,
  prefix = '',
  allow,
  systemPrompt,
  missing,
}: McpServerOptions): ToolRegistration {
  return {
    name: `mcp:${name}`,
    ...(systemPrompt === undefined ? {} : { systemPrompt }),
    ...(missing === undefined ? {} : { missing }),
    tools: async ({ onClose }) => {
      // Loaded on first use: importing kioku does not load the MCP client.
      const { createMCPClient } = await import('@ai-sdk/mcp');
      const { StdioMCPTransport } = await import('@ai-sdk/mcp/mcp-stdio');
      const client = await createMCPClient({
        name: 'kioku',
        transport:
          transport.type === 'stdio'
            ? new StdioMCPTransport({
                command: transport.command,
                ...(transport.args === undefined ? {} : { args: transport.args }),
                ...(transport.env === undefined ? {} : { env: transport.env }),
                ...(transport.cwd === undefined ? {} : { cwd: transport.cwd }),
              })
            : {
                type: 'http',
                url: transport.url,
                ...(transport.headers === undefined ? {} : { headers: transport.headers }),
              },
      });
      onClose(() => client.close());
      const offered = await client.tools();
      const tools: ToolSet = {};
      for (const [toolName, tool] of Object.entries(offered)) {
        if (allow !== undefined && !allow.includes(toolName)) continue;
        tools[`${prefix}${toolName}`] = tool;
      }
      return tools;
    },
  };
}
