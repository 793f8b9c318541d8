import { generateText, isStepCount } from 'ai';
import {
  createHashingEmbedder,
  type IntrospectionReport,
  openMemory,
  openStore,
  type Store,
} from 'kioku/store';
import { scriptedModel } from 'kioku/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLog4ShellEngine } from './__fixtures__/log4shell-database.js';
import { analystModel, parentModel } from './__fixtures__/scripted-log-analyst.js';
import { createLogAgent } from './create-log-agent.js';
import { defaultRunbooksDir, loadRunbooks, type Runbook } from './load-runbooks.js';
import type { LogEngine } from './log-engine.js';

let engine: LogEngine;
let close: () => Promise<void>;
let runbooks: Runbook[];
let store: Store;

beforeAll(async () => {
  ({ engine, close } = await openLog4ShellEngine());
  runbooks = await loadRunbooks(defaultRunbooksDir());
  store = await openStore({ location: 'memory://' });
});
afterAll(async () => {
  await store?.close();
  await close?.();
});

describe('createLogAgent with a memory', () => {
  it('recalls memories into its prompt and scores them after the run: +1 helpful, deleted below -3 when harmful', async () => {
    const memory = await openMemory({ store, embedder: createHashingEmbedder(), namespace: 'logs' });
    await memory.addMany([
      {
        claim: 'ubuntu5_auditd.SyslogMessage holds the execve record; the command line is in cmdline="...".',
        request: 'What did UBUNTU5 run after the Log4Shell exploit?',
      },
      {
        claim: 'ubuntu5_auditd has a column named cmdline.',
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
            claims: [
              'The service-account-commands-and-connections runbook decodes the base64 payload of the reverse shell.',
            ],
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
    expect(system).toContain(`[${helpful.id}] ubuntu5_auditd.SyslogMessage holds the execve record`);
    expect(JSON.stringify(reviewer.doGenerateCalls[0]?.prompt)).toContain('decoding to bash -i');
    expect(reports[0]?.success).toBe(true);
    expect((await memory.get(helpful.id)).score).toBe(1);
    await expect(memory.get(harmful.id)).rejects.toThrow();
    expect((await memory.list()).map((entry) => entry.claim)).toContain(
      'The service-account-commands-and-connections runbook decodes the base64 payload of the reverse shell.',
    );
  });
});
