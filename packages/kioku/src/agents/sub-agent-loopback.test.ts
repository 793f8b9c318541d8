import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { isStepCount, streamText, tool } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type LoopbackProvider, startLoopbackProvider } from '../test/loopback-provider-server.js';
import { subAgent } from './sub-agent.js';
import type { SubAgentProgress } from './sub-agent-progress.js';
import { createUsageLedger } from './usage-ledger.js';

describe('subAgent over a provider protocol (loopback OpenAI-compatible server)', () => {
  let server: LoopbackProvider | undefined;
  afterEach(async () => {
    await server?.close();
  });

  it('runs parent → sub-agent → tool over HTTP; the parent history holds one call and one result', async () => {
    server = await startLoopbackProvider({
      replies: [
        {
          toolCalls: [
            {
              id: 'call_p',
              name: 'logs_run',
              arguments: { query: 'Which process read lsass.exe memory on MKT01?' },
            },
          ],
          promptTokens: 900,
        },
        {
          toolCalls: [
            { id: 'call_s1', name: 'query', arguments: { sql: 'SELECT * FROM sysmon WHERE EventID = 10' } },
          ],
          promptTokens: 400,
        },
        { text: 'rundll32.exe (comsvcs.dll MiniDump) read lsass.exe memory on MKT01.', promptTokens: 520 },
        { text: 'The LSASS dump on MKT01 was made with rundll32 + comsvcs.dll.', promptTokens: 950 },
      ],
    });
    const provider = createOpenAICompatible({
      name: 'loopback',
      baseURL: server.baseUrl,
      includeUsage: true,
    });
    const events: SubAgentProgress[] = [];
    const ledger = createUsageLedger();
    const sql: string[] = [];
    const logs = subAgent({
      name: 'logs_run',
      description: 'Answers questions about the security logs.',
      model: provider('sub-model'),
      system: 'You query logs with SQL.',
      tools: {
        query: tool({
          description: 'Runs one SELECT',
          inputSchema: z.object({ sql: z.string() }),
          execute: async ({ sql: statement }) => {
            sql.push(statement);
            return [{ Image: 'C:\\Windows\\System32\\rundll32.exe', TargetImage: 'lsass.exe' }];
          },
        }),
      },
      onProgress: (event) => events.push(event),
      ledger,
    });
    const run = streamText({
      model: provider('main-model'),
      tools: { logs_run: logs },
      prompt: 'Investigate the LSASS alert on MKT01.',
      stopWhen: isStepCount(4),
    });
    const text = await run.text;
    const messages = (await run.steps).flatMap((step) => step.response.messages);
    expect(text).toContain('rundll32');
    expect(sql).toEqual(['SELECT * FROM sysmon WHERE EventID = 10']);
    const parts = messages.flatMap(
      (m): Array<{ type: string; toolName?: string }> => (typeof m.content === 'string' ? [] : m.content),
    );
    expect(parts.filter((p) => p.type === 'tool-call').map((p) => p.toolName)).toEqual(['logs_run']);
    expect(parts.filter((p) => p.type === 'tool-result')).toHaveLength(1);
    const lastParentRequest = JSON.stringify(server.requests.at(-1)?.body);
    expect(lastParentRequest).toContain('comsvcs.dll MiniDump');
    expect(lastParentRequest).not.toContain('EventID = 10');
    expect(events.map((e) => e.type)).toEqual([
      'sub-agent-start',
      'tool-call-start',
      'tool-call-end',
      'step-end',
      'step-end',
      'sub-agent-end',
    ]);
    expect(ledger.total('logs_run').inputTokens).toBe(400 + 520);
  });
});
