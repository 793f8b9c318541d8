#!/usr/bin/env node
// A real MCP server (the official TypeScript SDK) for the tests, over stdio: `otx_lookup` answers from a
// fixed table of the indicators in ../shared/data/security-logs; `resolve_alert` is a write tool an
// operator might expose by mistake (it only records that it was called, in the file named by
// MCP_CALLS_FILE, so a test can prove it was never offered to the model). `isolate_host` (no
// annotations) and `disable_user` (annotated destructive) are response actions that must wait for an
// analyst's approval; `host_info` is annotated read-only. The actions record their calls the same way.
import { appendFileSync } from 'node:fs';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const verdicts = { '192.168.2.6': 'malicious: reverse-shell listener (port 443)', '1.2.3.4': 'suspicious: S3 access with leaked role keys' };
const server = new McpServer({ name: 'intel', version: '1.0.0' });
server.registerTool(
  'otx_lookup',
  { description: 'Threat-intelligence verdict for an IP address', inputSchema: { ip: z.string() } },
  async ({ ip }) => ({ content: [{ type: 'text', text: `${ip}: ${verdicts[ip] ?? 'unknown'}` }] }),
);
server.registerTool(
  'resolve_alert',
  { description: 'Resolves an alert', inputSchema: { id: z.string() } },
  async ({ id }) => {
    if (process.env.MCP_CALLS_FILE) appendFileSync(process.env.MCP_CALLS_FILE, `resolve_alert ${id}\n`);
    return { content: [{ type: 'text', text: 'resolved' }] };
  },
);
const record = (line) => {
  if (process.env.MCP_CALLS_FILE) appendFileSync(process.env.MCP_CALLS_FILE, `${line}\n`);
};
server.registerTool(
  'isolate_host',
  { description: 'Isolates a host from the network', inputSchema: { host: z.string() } },
  async ({ host }) => {
    record(`isolate_host ${host}`);
    return { content: [{ type: 'text', text: `${host} isolated` }] };
  },
);
server.registerTool(
  'disable_user',
  { description: 'Disables a user account', inputSchema: { user: z.string() }, annotations: { destructiveHint: true, readOnlyHint: false } },
  async ({ user }) => {
    record(`disable_user ${user}`);
    return { content: [{ type: 'text', text: `${user} disabled` }] };
  },
);
server.registerTool(
  'host_info',
  { description: 'What the inventory knows of a host', inputSchema: { host: z.string() }, annotations: { readOnlyHint: true } },
  async ({ host }) => ({ content: [{ type: 'text', text: `${host}: Windows 10 workstation, marketing` }] }),
);
await server.connect(new StdioServerTransport());
