#!/usr/bin/env node
// A real MCP server (the official TypeScript SDK) for the tests, over stdio: `otx_lookup` answers from a
// fixed table of the indicators in ../shared/data/security-logs; `resolve_alert` is a write tool an
// operator might expose by mistake (it only records that it was called, in the file named by
// MCP_CALLS_FILE, so a test can prove it was never offered to the model).
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
await server.connect(new StdioServerTransport());
