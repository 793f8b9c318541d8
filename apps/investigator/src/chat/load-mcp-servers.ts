import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Tool, ToolSet } from 'ai';
import { mcpServer, type ToolRegistration } from 'kioku';
import { z } from 'zod';
import { classifyMcpTool, mcpAnnotations, withToolAccess } from '../approvals/index.js';
import { McpConfigError } from './mcp-config-error.js';

const name = z.string().regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, "_" or "-"');
const common = {
  /** Prepended to each tool's name; default `<server name>_`. */
  prefix: z
    .string()
    .regex(/^[A-Za-z0-9_]*$/, 'letters, digits or "_"')
    .optional(),
  /** The only tools offered (required: a server's tools are offered by name, never all by default). */
  allow: z.array(z.string().min(1)).min(1),
  /** Tools that only read, for servers that do not annotate them (`readOnlyHint`); the others wait for approval. */
  read: z.array(z.string().min(1)).optional(),
  /** Tools that always wait for an analyst's approval, whatever their annotations say. */
  write: z.array(z.string().min(1)).optional(),
  systemPrompt: z.string().optional(),
};
const serverSchema = z.union([
  z.strictObject({
    command: z.string().min(1),
    args: z.array(z.string()).optional(),
    env: z.record(z.string(), z.string()).optional(),
    cwd: z.string().optional(),
    ...common,
  }),
  z.strictObject({
    url: z.url({ protocol: /^https?$/ }),
    headers: z.record(z.string(), z.string()).optional(),
    ...common,
  }),
]);
const configSchema = z.strictObject({ mcpServers: z.record(name, serverSchema) });

/** The configuration file of the chat's MCP servers, as read (see {@link loadMcpServers}). */
export type McpServersConfig = z.infer<typeof configSchema>;

/** A write to an alert is the analyst's: tools with these words in their name are never offered. */
const alertWrites = /(resolve|close|dismiss|suppress|update|set_status|delete|merge)/i;

/**
 * The MCP servers of a configuration file (`{ "mcpServers": { "<name>": { "command", "args", "env",
 * "cwd" } | { "url", "headers" }, with "allow": [tool names], "read"?, "write"?, "prefix"?, "systemPrompt"? } }`) as tool
 * registry entries. Every server must list the tools it may offer (`allow`), and a tool whose name says
 * it writes (resolve, close, dismiss, suppress, update, set_status, delete, merge) is refused: resolving
 * an alert is the analyst's decision, never a tool's. Each offered tool is classified read or write
 * (`classifyMcpTool`: the `write` list, else its MCP annotations, else the `read` list, else write); a
 * write tool's call waits for an analyst's approval. A relative `cwd` is taken from the file's
 * directory (default that directory). Throws an error naming the file, the JSON path and what was
 * expected.
 *
 * @example
 * const registrations = await loadMcpServers('investigator.mcp.json');
 */
export async function loadMcpServers(file: string): Promise<ToolRegistration[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new McpConfigError({ file, problem: `cannot be read (${(error as Error).message})`, cause: error });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new McpConfigError({ file, problem: `not JSON (${(error as Error).message})`, cause: error });
  }
  const parsed = configSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue === undefined ? '' : issue.path.map(String).join('.');
    throw new McpConfigError({
      file,
      problem: `at ${path === '' ? 'the top level' : path}: ${issue?.message ?? 'invalid'}; expected { "mcpServers": { "<name>": { "command" or "url", "allow": [tool names] } } }`,
    });
  }
  return Object.entries(parsed.data.mcpServers).map(([serverName, server]) => {
    const writes = server.allow.filter((tool) => alertWrites.test(tool));
    if (writes.length > 0) {
      throw new McpConfigError({
        file,
        problem: `at mcpServers.${serverName}.allow: ${writes.join(', ')} would write to alerts; resolving an alert is the analyst's decision (investigator resolve), so the chat offers no such tool`,
      });
    }
    const registration = mcpServer({
      name: serverName,
      transport:
        'command' in server
          ? {
              type: 'stdio',
              command: server.command,
              ...(server.args === undefined ? {} : { args: server.args }),
              ...(server.env === undefined ? {} : { env: server.env }),
              cwd: resolve(dirname(file), server.cwd ?? '.'),
            }
          : {
              type: 'http',
              url: server.url,
              ...(server.headers === undefined ? {} : { headers: server.headers }),
            },
      prefix: server.prefix ?? `${serverName}_`,
      allow: server.allow,
      ...(server.systemPrompt === undefined ? {} : { systemPrompt: server.systemPrompt }),
    });
    const prefix = server.prefix ?? `${serverName}_`;
    const connect = registration.tools;
    if (connect === undefined) throw new Error('mcpServer gave no tools function');
    return {
      name: registration.name,
      ...(registration.systemPrompt === undefined ? {} : { systemPrompt: registration.systemPrompt }),
      tools: async (context) => {
        const offered = await connect(context);
        const classified: ToolSet = {};
        for (const [name, tool] of Object.entries(offered) as [string, Tool][]) {
          const access = classifyMcpTool({
            name: name.slice(prefix.length),
            annotations: mcpAnnotations(tool),
            read: server.read ?? [],
            write: server.write ?? [],
          });
          classified[name] = withToolAccess(tool, access);
        }
        return classified;
      },
    };
  });
}
