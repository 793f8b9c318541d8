import { APICallError, generateText, isStepCount, streamText, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { quarterOfJSON, scriptedModel } from '../test/scripted-model.js';
import { type SubAgentOutput, subAgent } from './sub-agent.js';
import type { SubAgentProgress } from './sub-agent-progress.js';
import { createUsageLedger } from './usage-ledger.js';

const queryTool = (rows: (sql: string) => string) =>
  tool({
    description: 'Runs SQL',
    inputSchema: z.object({ sql: z.string() }),
    execute: async ({ sql }) => rows(sql),
  });

const parentCalling = (query: string) =>
  scriptedModel({
    replies: [
      { toolCalls: [{ toolCallId: 'p1', toolName: 'logs_run', input: { query } }] },
      { text: 'MKT01 dumped LSASS.' },
    ],
  });

describe('subAgent', () => {
  it('keeps the sub-agent trial and error out of the parent history: one call, one result', async () => {
    const inner = scriptedModel({
      replies: [
        { toolCalls: [{ toolCallId: 's1', toolName: 'query', input: { sql: 'SELECT bad' } }] },
        { toolCalls: [{ toolCallId: 's2', toolName: 'query', input: { sql: 'SELECT host FROM t' } }] },
        { text: 'The host is MKT01.' },
      ],
    });
    const parent = parentCalling('Which host read LSASS memory?');
    const logs = subAgent({
      name: 'logs_run',
      description: 'Queries logs.',
      model: inner,
      system: 'You query logs.',
      tools: { query: queryTool((sql) => (sql.includes('bad') ? 'error: no column bad' : 'MKT01')) },
    });
    const result = await generateText({
      model: parent,
      tools: { logs_run: logs },
      prompt: 'Investigate',
      stopWhen: isStepCount(5),
    });

    expect(result.text).toBe('MKT01 dumped LSASS.');
    const history = result.responseMessages;
    const calls = history.flatMap((m) =>
      typeof m.content === 'string' ? [] : m.content.filter((p) => p.type === 'tool-call'),
    );
    const results = history.flatMap((m) =>
      typeof m.content === 'string' ? [] : m.content.filter((p) => p.type === 'tool-result'),
    );
    expect(calls).toHaveLength(1);
    expect(results).toHaveLength(1);
    expect(JSON.stringify(results[0])).toContain('The host is MKT01.');
    expect(JSON.stringify(parent.doGenerateCalls[1]?.prompt)).not.toContain('SELECT bad');
    expect(JSON.stringify(parent.doGenerateCalls[1]?.prompt)).not.toContain('no column bad');
    expect(inner.doGenerateCalls).toHaveLength(3);
  });

  it('reports progress in order while it runs, as events and as preliminary results', async () => {
    const events: SubAgentProgress[] = [];
    const inner = scriptedModel({
      replies: [
        { toolCalls: [{ toolCallId: 's1', toolName: 'query', input: { sql: 'SELECT 1' } }] },
        { text: 'done' },
      ],
    });
    const logs = subAgent({
      name: 'logs_run',
      description: 'Queries logs.',
      model: inner,
      system: 'You query logs.',
      tools: { query: queryTool(() => 'one row') },
      onProgress: (event) => events.push(event),
    });
    const stream = streamText({
      model: parentCalling('count rows'),
      tools: { logs_run: logs },
      prompt: 'Investigate',
      stopWhen: isStepCount(3),
    });
    const outputs: Array<{ preliminary: boolean; output: SubAgentOutput }> = [];
    for await (const part of stream.fullStream) {
      if (part.type === 'tool-result') {
        outputs.push({ preliminary: part.preliminary === true, output: part.output as SubAgentOutput });
      }
    }
    expect(events.map((e) => e.type)).toEqual([
      'sub-agent-start',
      'tool-call-start',
      'tool-call-end',
      'step-end',
      'step-end',
      'sub-agent-end',
    ]);
    const end = events.find((e) => e.type === 'tool-call-end');
    expect(end).toMatchObject({ toolName: 'query', arguments: 'sql="SELECT 1"', step: 0 });
    expect(outputs.length).toBeGreaterThan(1);
    const running = outputs.filter((o) => o.output.status === 'running');
    expect(running.length).toBe(events.length);
    expect(running.every((o) => o.preliminary)).toBe(true);
    expect(outputs.at(-1)).toMatchObject({ preliminary: false, output: { status: 'done', text: 'done' } });
    const progressCounts = outputs.map((o) => o.output.progress.length);
    expect(progressCounts).toEqual([...progressCounts].sort((a, b) => a - b));
  });

  it('writes a handover note when the step cap is hit, never an empty answer', async () => {
    const call = (id: string) => ({
      toolCalls: [{ toolCallId: id, toolName: 'query', input: { sql: `SELECT ${id}` } }],
    });
    const inner = scriptedModel({
      replies: [
        call('a'),
        call('b'),
        call('c'),
        { text: 'Found MKT01 reading LSASS; still need the parent process.' },
      ],
    });
    const logs = subAgent({
      name: 'logs_run',
      description: 'Queries logs.',
      model: inner,
      system: 'You query logs.',
      tools: { query: queryTool(() => 'rows') },
      maxSteps: 3,
    });
    const result = await generateText({
      model: parentCalling('find it'),
      tools: { logs_run: logs },
      prompt: 'go',
      stopWhen: isStepCount(3),
    });
    const output = result.steps[0]?.toolResults[0]?.output as SubAgentOutput;
    expect(output.status).toBe('step-cap');
    expect(output.text).toContain('Step cap of 3 reached');
    expect(output.text).toContain('still need the parent process');
    expect(inner.doGenerateCalls).toHaveLength(4);
    expect(inner.doGenerateCalls[3]?.toolChoice).toEqual({ type: 'none' });
  });

  it('lists the calls made when the handover call fails', async () => {
    const call = { toolCalls: [{ toolCallId: 'a', toolName: 'query', input: { sql: 'SELECT 1' } }] };
    const failure = new APICallError({
      message: 'boom',
      url: 'http://x',
      requestBodyValues: {},
      statusCode: 500,
      isRetryable: false,
    });
    const inner = scriptedModel({ replies: [call, { throws: failure }] });
    const logs = subAgent({
      name: 'logs_run',
      description: 'd',
      model: inner,
      system: 's',
      tools: { query: queryTool(() => 'r') },
      maxSteps: 1,
    });
    const result = await generateText({
      model: parentCalling('q'),
      tools: { logs_run: logs },
      prompt: 'go',
      stopWhen: isStepCount(3),
    });
    const output = result.steps[0]?.toolResults[0]?.output as SubAgentOutput;
    expect(output.status).toBe('step-cap');
    expect(output.text).toContain('query sql="SELECT 1"');
  });

  it('sends a failing inner tool back to the sub-agent model, which retries', async () => {
    let attempts = 0;
    const flaky = tool({
      description: 'Runs SQL',
      inputSchema: z.object({ sql: z.string() }),
      execute: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('Binder Error: column "hostname" not found');
        return 'MKT01';
      },
    });
    const inner = scriptedModel({
      replies: [
        { toolCalls: [{ toolCallId: 's1', toolName: 'query', input: { sql: 'SELECT hostname' } }] },
        { toolCalls: [{ toolCallId: 's2', toolName: 'query', input: { sql: 'SELECT host' } }] },
        { text: 'MKT01' },
      ],
    });
    const events: SubAgentProgress[] = [];
    const logs = subAgent({
      name: 'logs_run',
      description: 'd',
      model: inner,
      system: 's',
      tools: { query: flaky },
      onProgress: (e) => events.push(e),
    });
    const result = await generateText({
      model: parentCalling('q'),
      tools: { logs_run: logs },
      prompt: 'go',
      stopWhen: isStepCount(3),
    });
    expect(attempts).toBe(2);
    expect(JSON.stringify(inner.doGenerateCalls[1]?.prompt)).toContain('column \\"hostname\\" not found');
    expect(events.filter((e) => e.type === 'tool-call-end').map((e) => 'error' in e && e.error)).toEqual([
      'Binder Error: column "hostname" not found',
      false,
    ]);
    expect(result.steps[0]?.toolResults[0]?.output).toMatchObject({ text: 'MKT01' });
  });

  it('surfaces a provider failure as a tool error with a clear message', async () => {
    const failure = new APICallError({
      message: 'Incorrect API key provided',
      url: 'http://127.0.0.1/v1/chat/completions',
      requestBodyValues: {},
      statusCode: 401,
      isRetryable: false,
    });
    const logs = subAgent({
      name: 'logs_run',
      description: 'd',
      model: scriptedModel({ replies: [{ throws: failure }] }),
      system: 's',
      tools: {},
    });
    const parent = parentCalling('q');
    await generateText({ model: parent, tools: { logs_run: logs }, prompt: 'go', stopWhen: isStepCount(3) });
    const seen = JSON.stringify(parent.doGenerateCalls[1]?.prompt);
    expect(seen).toContain('sub-agent \\"logs_run\\" failed after 0 step(s): Incorrect API key provided');
  });

  it('rolls usage up exactly into the ledger', async () => {
    const inner = scriptedModel({
      replies: [
        { toolCalls: [{ toolCallId: 's1', toolName: 'query', input: { sql: 'SELECT 1' } }] },
        { text: 'one' },
      ],
    });
    const ledger = createUsageLedger();
    const logs = subAgent({
      name: 'logs_run',
      description: 'd',
      model: inner,
      system: 's',
      tools: { query: queryTool(() => 'r') },
      ledger,
      price: (usage) => (usage.inputTokens ?? 0) * 1e-6,
    });
    const parent = parentCalling('q');
    const result = await generateText({
      model: parent,
      tools: { logs_run: logs },
      prompt: 'go',
      stopWhen: isStepCount(3),
    });
    ledger.record({ source: 'main', usage: result.totalUsage });
    const innerInput = inner.doGenerateCalls.reduce((sum, call) => sum + quarterOfJSON(call), 0);
    const parentInput = parent.doGenerateCalls.reduce((sum, call) => sum + quarterOfJSON(call), 0);
    expect(ledger.total('logs_run').inputTokens).toBe(innerInput);
    expect(ledger.total('logs_run').outputTokens).toBe(10 * inner.doGenerateCalls.length);
    expect(ledger.total().inputTokens).toBe(innerInput + parentInput);
    expect(ledger.totalCostUsd()).toBeCloseTo(innerInput * 1e-6, 12);
  });

  it('recalls into its system prompt before the run and learns after it', async () => {
    const learned: unknown[] = [];
    const inner = scriptedModel({ replies: [{ text: 'answer' }] });
    const logs = subAgent({
      name: 'logs_run',
      description: 'd',
      model: inner,
      system: 'Base prompt.',
      tools: {},
      memory: {
        recall: async ({ request }) => ({ prompt: `Past knowledge for: ${request}`, recalled: ['m1'] }),
        learn: async (input) => {
          learned.push(input);
        },
      },
    });
    await generateText({
      model: parentCalling('which table'),
      tools: { logs_run: logs },
      prompt: 'go',
      stopWhen: isStepCount(3),
    });
    expect(JSON.stringify(inner.doGenerateCalls[0]?.prompt)).toContain(
      'Base prompt.\\n\\nPast knowledge for: which table',
    );
    expect(learned).toMatchObject([{ request: 'which table', recalled: ['m1'] }]);
  });

  it('refuses a step cap below 1', () => {
    expect(() =>
      subAgent({
        name: 'x',
        description: 'd',
        model: scriptedModel({ replies: [{ text: '' }] }),
        system: 's',
        tools: {},
        maxSteps: 0,
      }),
    ).toThrow(/maxSteps/);
  });

  it('runs its model through the middleware it is given (its own compaction)', async () => {
    const seen: number[] = [];
    const inner = scriptedModel({ replies: [{ text: 'answer' }] });
    const logs = subAgent({
      name: 'logs_run',
      description: 'd',
      model: inner,
      system: 's',
      tools: {},
      middleware: {
        specificationVersion: 'v4',
        transformParams: async ({ params }) => {
          seen.push(params.prompt.length);
          return params;
        },
      },
    });
    await generateText({
      model: parentCalling('q'),
      tools: { logs_run: logs },
      prompt: 'go',
      stopWhen: isStepCount(3),
    });
    expect(seen).toEqual([2]);
  });
});
