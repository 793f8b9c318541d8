import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateText, isStepCount } from 'ai';
import { scriptedModel } from 'kioku/test';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogAgent } from '../logs/create-log-agent.js';
import { openDuckDbLogEngine } from '../logs/duckdb/open-duckdb-log-engine.js';
import { loadRunbooks } from '../logs/load-runbooks.js';
import { logsCommand } from './logs-command.js';

// A log source the investigator has no code for, end to end: files imported with the CLI's
// `logs import`, a runbook written for it, and the log sub-agent finding the answer in it.
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'investigator-imported-'));
  const entries = [
    ['2024-05-02T08:15:01.123456789Z', 'alice@example.org', 'storage.objects.get', '198.51.100.20'],
    [
      '2024-05-02T08:16:00.000000001Z',
      'svc-build@example.iam.gserviceaccount.com',
      'storage.objects.list',
      '10.8.0.3',
    ],
    ['2024-05-02T08:17:42.5Z', 'mallory@example.net', 'iam.serviceAccountKeys.create', '203.0.113.66'],
    ['2024-05-02T08:18:10Z', 'mallory@example.net', 'storage.objects.get', '203.0.113.66'],
  ];
  await writeFile(
    join(dir, 'audit.ndjson'),
    entries
      .map(([timestamp, principal, method, ip]) =>
        JSON.stringify({
          timestamp,
          protoPayload: {
            authenticationInfo: { principalEmail: principal },
            methodName: method,
            requestMetadata: { callerIp: ip },
          },
        }),
      )
      .join('\n'),
  );
  await mkdir(join(dir, 'runbooks'));
  await writeFile(
    join(dir, 'runbooks', 'service-account-key-creation.sql'),
    '-- title: Service account key creation\n-- description: Who created service account keys, from where and when.\n' +
      "select protoPayload.authenticationInfo.principalEmail as principal, protoPayload.requestMetadata.callerIp as caller_ip, timestamp\nfrom cloud_audit where protoPayload.methodName = 'iam.serviceAccountKeys.create' order by timestamp\n",
  );
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a log source added with logs import alone', () => {
  it('is imported by the CLI and queried by the log sub-agent through its schema and a runbook', async () => {
    const database = join(dir, 'logs.duckdb');
    const printed: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      printed.push(String(chunk));
      return true;
    });
    try {
      await logsCommand().parseAsync(
        [
          'import',
          'cloud_audit',
          join(dir, 'audit.ndjson'),
          '--db',
          database,
          '--store',
          join(dir, 'store'),
          '--description',
          'Cloud audit log entries of one project (timestamp, protoPayload with the principal, method and caller address).',
        ],
        { from: 'user' },
      );
    } finally {
      vi.restoreAllMocks();
    }
    expect(process.exitCode ?? 0).toBe(0);
    expect(printed.join('')).toContain('timestamp TIMESTAMP_NS (parsed from ISO 8601 text)');

    const engine = await openDuckDbLogEngine({ file: database });
    try {
      const analyst = scriptedModel({
        replies: [
          { toolCalls: [{ toolCallId: 's1', toolName: 'schema', input: { table: 'cloud_audit' } }] },
          {
            toolCalls: [
              { toolCallId: 'r1', toolName: 'runbook', input: { name: 'service-account-key-creation' } },
            ],
          },
          { text: 'mallory@example.net created a service account key from 203.0.113.66 at 08:17:42.5.' },
        ],
      });
      const parent = scriptedModel({
        replies: [
          {
            toolCalls: [
              {
                toolCallId: 'p1',
                toolName: 'logs_run',
                input: { query: 'Who created service account keys?' },
              },
            ],
          },
          { text: 'mallory@example.net did.' },
        ],
      });
      const logs_run = createLogAgent({
        model: analyst,
        engine,
        runbooks: await loadRunbooks(join(dir, 'runbooks')),
      });
      await generateText({ model: parent, tools: { logs_run }, prompt: 'go', stopWhen: isStepCount(3) });
      const prompts = analyst.doGenerateCalls.map((call) => JSON.stringify(call.prompt));
      expect(prompts[1]).toContain('Cloud audit log entries of one project');
      expect(prompts[1]).toContain('timestamp TIMESTAMP_NS');
      expect(prompts[2]).toContain('mallory@example.net');
      expect(prompts[2]).toContain('203.0.113.66');
      expect(prompts[2]).toContain('2024-05-02 08:17:42.5');
      expect(JSON.stringify(parent.doGenerateCalls[1]?.prompt)).toContain('created a service account key');
    } finally {
      await engine.close();
    }
  });
});
