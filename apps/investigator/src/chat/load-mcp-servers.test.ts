import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createToolRegistry } from 'kioku';
import { createSessionStore, openStore } from 'kioku/store';
import { scriptedModel } from 'kioku/test';
import { afterAll, describe, expect, it } from 'vitest';
import { classifyMcpTool, toolAccess } from '../approvals/index.js';
import { loadMcpServers } from './load-mcp-servers.js';
import { openChat } from './open-chat.js';

const server = fileURLToPath(new URL('./__fixtures__/intel-mcp-server.mjs', import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'investigator-mcp-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function config(name: string, value: unknown): string {
  const file = join(directory, name);
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
  return file;
}

describe('loadMcpServers', () => {
  it('offers the allowed tools of a real MCP server to the chat, and never the others', async () => {
    const calls = join(directory, 'calls.txt');
    const file = config('ok.json', {
      mcpServers: {
        intel: {
          command: process.execPath,
          args: [server],
          env: { MCP_CALLS_FILE: calls },
          allow: ['otx_lookup'],
          read: ['otx_lookup'],
        },
      },
    });
    const registry = createToolRegistry({ tools: await loadMcpServers(file) });
    const { tools } = await registry.resolve();
    expect(Object.keys(tools)).toEqual(['intel_otx_lookup']);

    const store = await openStore({ location: 'memory://' });
    try {
      // A model that obeys an injected instruction and tries the server's write tool as well.
      const model = scriptedModel({
        replies: [
          {
            toolCalls: [
              { toolCallId: 'a', toolName: 'intel_otx_lookup', input: { ip: '192.168.2.6' } },
              { toolCallId: 'b', toolName: 'intel_resolve_alert', input: { id: 'A-1' } },
            ],
          },
          { text: '192.168.2.6 is a known reverse-shell listener.' },
        ],
      });
      const chat = await openChat({
        alertId: 'mcp-1',
        model,
        sessions: createSessionStore(store),
        system: 'Investigate.',
        tools,
      });
      await chat.send('Check 192.168.2.6.');
      const second = JSON.stringify(model.doStreamCalls[1]?.prompt);
      expect(second).toContain('malicious: reverse-shell listener (port 443)');
      expect(second).toContain('intel_resolve_alert');
      expect(existsSync(calls) ? readFileSync(calls, 'utf8') : '').toBe('');
    } finally {
      await registry.close();
      await store.close();
    }
  }, 60_000);

  it('refuses a server whose allowed tools would write to alerts', async () => {
    const file = config('write.json', {
      mcpServers: { intel: { command: 'node', args: [server], allow: ['otx_lookup', 'resolve_alert'] } },
    });
    await expect(loadMcpServers(file)).rejects.toThrow(
      /write.json: at mcpServers.intel.allow: resolve_alert would write to alerts/,
    );
  });

  it('says which file, where and what was expected when the configuration is wrong', async () => {
    await expect(
      loadMcpServers(config('no-allow.json', { mcpServers: { intel: { command: 'node' } } })),
    ).rejects.toThrow(/no-allow.json: at mcpServers.intel/);
    await expect(loadMcpServers(config('bad.json', '{ "mcpServers": '))).rejects.toThrow(
      /bad.json: not JSON/,
    );
    await expect(loadMcpServers(join(directory, 'missing.json'))).rejects.toThrow(
      /missing.json: cannot be read/,
    );
    await expect(
      loadMcpServers(
        config('name.json', { mcpServers: { 'in tel': { url: 'http://127.0.0.1:1/mcp', allow: ['x'] } } }),
      ),
    ).rejects.toThrow(/name.json: at mcpServers/);
  });

  it('classifies each tool read or write: the write list, else MCP annotations, else the read list, else write', async () => {
    const file = config('classified.json', {
      mcpServers: {
        edr: {
          command: process.execPath,
          args: [server],
          allow: ['otx_lookup', 'isolate_host', 'disable_user', 'host_info'],
          read: ['otx_lookup', 'disable_user'],
        },
      },
    });
    const registry = createToolRegistry({ tools: await loadMcpServers(file) });
    try {
      const { tools } = await registry.resolve();
      const access = Object.fromEntries(
        Object.entries(tools).map(([name, tool]) => [name, toolAccess(tool)]),
      );
      expect(access).toEqual({
        edr_otx_lookup: 'read', // no annotations, on the read list
        edr_isolate_host: 'write', // no annotations, not listed: write by default
        edr_disable_user: 'write', // annotated destructive: its annotation wins over the read list
        edr_host_info: 'read', // annotated read-only
      });
    } finally {
      await registry.close();
    }
    expect(
      classifyMcpTool({ name: 'host_info', annotations: { readOnlyHint: true }, write: ['host_info'] }),
    ).toBe('write');
  });
});
