#!/usr/bin/env node
// A real MCP server (the official TypeScript SDK) for the tests: one `lookup_ip` tool answering from a
// fixed table. `--stdio` serves over standard input/output; `--http` listens on 127.0.0.1 on a free port
// and prints its URL on the first line of standard output.
import { createServer } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

const verdicts = { '203.0.113.7': 'malicious: Cobalt Strike team server', '198.51.100.20': 'benign: corporate VPN' };

function makeServer() {
  const server = new McpServer({ name: 'threat-intel', version: '1.0.0' });
  server.registerTool(
    'lookup_ip',
    { description: 'Threat-intelligence verdict for an IPv4 address', inputSchema: { ip: z.string() } },
    async ({ ip }) => ({ content: [{ type: 'text', text: `${ip}: ${verdicts[ip] ?? 'unknown'}` }] }),
  );
  server.registerTool(
    'feed_status',
    { description: 'When the feed was last updated', inputSchema: {} },
    async () => ({ content: [{ type: 'text', text: 'updated 2026-11-01' }] }),
  );
  return server;
}

if (process.argv.includes('--http')) {
  const http = createServer(async (request, response) => {
    const server = makeServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    response.on('close', () => {
      transport.close();
      server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request, response);
  });
  http.listen(0, '127.0.0.1', () => {
    process.stdout.write(`http://127.0.0.1:${http.address().port}/mcp\n`);
  });
  process.on('SIGTERM', () => http.close(() => process.exit(0)));
} else {
  await makeServer().connect(new StdioServerTransport());
}
