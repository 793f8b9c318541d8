import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { generateText, isStepCount, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { quarterOfJSON, scriptedModel } from '../test/scripted-model.js';
import { mcpServer } from './mcp-server.js';
import { subAgent } from './sub-agent.js';
import { createToolRegistry } from './tool-registry.js';

const intelServer = fileURLToPath(new URL('./__fixtures__/threat-intel-mcp-server.mjs', import.meta.url));
const echo = tool({
  description: 'echo',
  inputSchema: z.object({ text: z.string() }),
  execute: async ({ text }) => text,
});

describe('createToolRegistry', () => {
  it('offers enabled, configured tools with their system-prompt sections; says once why one is left out', async () => {
    const warnings: string[] = [];
    const registry = createToolRegistry({
      tools: [
        { name: 'search_alerts', systemPrompt: 'Alerts can be searched.', tool: () => echo },
        { name: 'otx', missing: () => 'OTX_API_KEY is not set', tool: () => echo },
        { name: 'logs_run', systemPrompt: () => 'Log tables: sysmon, zeek_conn.', tool: () => echo },
        { name: 'shell', tool: () => echo },
      ],
      enabled: { shell: false },
      onWarning: (message) => warnings.push(message),
    });
    const first = await registry.resolve();
    await registry.resolve();
    expect(Object.keys(first.tools)).toEqual(['search_alerts', 'logs_run']);
    expect(first.systemPrompt).toBe('Alerts can be searched.\n\nLog tables: sysmon, zeek_conn.');
    expect(first.leftOut).toEqual([
      { name: 'otx', reason: 'OTX_API_KEY is not set' },
      { name: 'shell', reason: 'disabled by configuration' },
    ]);
    expect(warnings).toEqual(['tool "otx" is left out: OTX_API_KEY is not set']);
  });

  it('refuses two tools with one name', async () => {
    expect(() =>
      createToolRegistry({
        tools: [
          { name: 'a', tool: () => echo },
          { name: 'a', tool: () => echo },
        ],
      }),
    ).toThrow(/two registrations are named "a"/);
    const registry = createToolRegistry({
      tools: [
        { name: 'a', tool: () => echo },
        { name: 'group', tools: () => ({ a: echo }) },
      ],
    });
    await expect(registry.resolve()).rejects.toThrow(/two tools are named "a"/);
  });

  it("rolls its sub-agents' usage into the run's ledger", async () => {
    const inner = scriptedModel({ replies: [{ text: 'sub answer' }] });
    const registry = createToolRegistry({
      tools: [
        {
          name: 'logs_run',
          tool: ({ ledger }) =>
            subAgent({ name: 'logs_run', description: 'd', model: inner, system: 's', tools: {}, ledger }),
        },
      ],
    });
    const { tools } = await registry.resolve();
    const parent = scriptedModel({
      replies: [
        { toolCalls: [{ toolCallId: 'p', toolName: 'logs_run', input: { query: 'q' } }] },
        { text: 'final' },
      ],
    });
    const run = await generateText({ model: parent, tools, prompt: 'go', stopWhen: isStepCount(3) });
    registry.ledger.record({ source: 'main', usage: run.totalUsage });
    const expected = [...parent.doGenerateCalls, ...inner.doGenerateCalls].reduce(
      (sum, call) => sum + quarterOfJSON(call),
      0,
    );
    expect(registry.ledger.total().inputTokens).toBe(expected);
    const [innerCall] = inner.doGenerateCalls;
    if (innerCall === undefined) throw new Error('the sub-agent made no call');
    expect(registry.ledger.total('logs_run').inputTokens).toBe(quarterOfJSON(innerCall));
  });
});

describe('mcpServer against a real MCP server process', () => {
  it('registers and calls its tools over stdio', async () => {
    const registry = createToolRegistry({
      tools: [
        mcpServer({
          name: 'intel',
          prefix: 'intel_',
          transport: { type: 'stdio', command: process.execPath, args: [intelServer, '--stdio'] },
        }),
      ],
    });
    try {
      const { tools } = await registry.resolve();
      expect(Object.keys(tools).sort()).toEqual(['intel_feed_status', 'intel_lookup_ip']);
      const model = scriptedModel({
        replies: [
          { toolCalls: [{ toolCallId: 'c1', toolName: 'intel_lookup_ip', input: { ip: '203.0.113.7' } }] },
          { text: 'malicious' },
        ],
      });
      await generateText({ model, tools, prompt: 'check 203.0.113.7', stopWhen: isStepCount(3) });
      expect(JSON.stringify(model.doGenerateCalls[1]?.prompt)).toContain('Cobalt Strike team server');
    } finally {
      await registry.close();
    }
  });

  it('registers and calls its tools over Streamable HTTP on loopback', async () => {
    const child = spawn(process.execPath, [intelServer, '--http'], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.once('error', reject);
        child.once('exit', (code) => reject(new Error(`MCP server exited with ${code}`)));
        createInterface({ input: child.stdout }).once('line', resolve);
      });
      const registry = createToolRegistry({
        tools: [mcpServer({ name: 'intel', allow: ['lookup_ip'], transport: { type: 'http', url } })],
      });
      try {
        const { tools } = await registry.resolve();
        expect(Object.keys(tools)).toEqual(['lookup_ip']);
        const model = scriptedModel({
          replies: [
            { toolCalls: [{ toolCallId: 'c1', toolName: 'lookup_ip', input: { ip: '198.51.100.20' } }] },
            { text: 'benign' },
          ],
        });
        await generateText({ model, tools, prompt: 'check', stopWhen: isStepCount(3) });
        expect(JSON.stringify(model.doGenerateCalls[1]?.prompt)).toContain('benign: corporate VPN');
      } finally {
        await registry.close();
      }
    } finally {
      child.kill('SIGTERM');
    }
  });
});
