// The investigator's evaluation harness run offline on scripted models (what CI runs): each scenario of
// apps/investigator/scenarios is investigated through the real pipeline — a fresh store, the alert
// ingested, the chat with kioku's middleware, the log sub-agent running the scripted SQL on a real DuckDB
// database built from ../shared/data/security-logs, memory introspection — against the loopback
// OpenAI-protocol server of kioku/test answering each request from the scenario's `script`.
//
// What the figures are: SCRIPTED. The answers are canned, so "found" only shows that the pipeline carries
// the answers through; it says nothing about a model. The token counts are the loopback's (a quarter of
// each request's JSON length), priced as gpt-4.1-mini by kioku's catalog: they measure the prompts this
// pipeline builds (system prompt, alert and tool outputs as untrusted data, rows from DuckDB), not a real
// tokenizer's count. A real model's figures come from `investigator eval --model …`.
//
// Baseline in the same run: the same conversations with kioku's middleware turned off is not an option of
// the chat (kioku is always on), so the ratio printed is the main agent's share of each alert's tokens
// against the whole (main + log sub-agent + introspection): what delegation keeps out of the main context.
//
// Prints a table and writes bench/results/investigator-eval.json. Needs `npm run build` first.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { startLoopbackProvider } from 'kioku/test';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const app = join(root, 'apps/investigator/dist');
const output = join(root, 'bench/results/investigator-eval.json');
const { loadScenarios } = await import(join(app, 'eval/load-scenarios.js'));
const { runEval } = await import(join(app, 'eval/run-eval.js'));
const { investigateScenario } = await import(join(app, 'eval/investigate-scenario.js'));
const { formatEvalReport } = await import(join(app, 'eval/format-eval-report.js'));
const { scenarioLogDatabase } = await import(join(app, 'eval/scenario-log-database.js'));
const { loadSecurityLogs, defaultRunbooksDir } = await import(join(app, 'logs/index.js'));

const scenarios = await loadScenarios(join(root, 'apps/investigator/scenarios'));
const scratch = await mkdtemp(join(tmpdir(), 'investigator-eval-'));
const logs = join(scratch, 'logs.duckdb');
const started = Date.now();
await loadSecurityLogs({
  source: join(root, '../shared/data/security-logs'),
  file: logs,
  only: ['lsass_campaign_01', 'log4shell', 'aws_cloudtrail'],
});
console.log(`log database built in ${((Date.now() - started) / 1000).toFixed(1)} s`);

const requests = {};
try {
  const report = await runEval({
    scenarios,
    investigate: async (scenario) => {
      if (scenario.script === undefined) throw new Error(`scenario ${scenario.id} has no script`);
      const server = await startLoopbackProvider({ replies: scenario.script });
      requests[scenario.id] = server.requests;
      const model = createOpenAICompatible({ name: 'loopback', baseURL: server.baseUrl }).chatModel(
        'gpt-4.1-mini',
      );
      const investigation = await investigateScenario({
        scenario,
        model,
        logs: await scenarioLogDatabase({
          scenario,
          loaded: logs,
          securityLogs: join(root, '../shared/data/security-logs'),
          scratch,
        }),
        runbooksDir: defaultRunbooksDir(),
        onWarning: (message) => console.error(message),
      });
      return {
        ...investigation,
        close: async () => {
          try {
            await investigation.close();
          } finally {
            await server.close();
          }
        },
      };
    },
  });
  console.log(formatEvalReport(report));

  // The main agent's share: the prompts of the chat's own calls (streamed) against all calls.
  const shares = Object.fromEntries(
    Object.entries(requests).map(([id, received]) => {
      const quarter = (request) => Math.ceil(JSON.stringify(request.body?.messages ?? []).length / 4);
      const main = received
        .filter((request) => request.body?.stream === true)
        .reduce((sum, r) => sum + quarter(r), 0);
      const all = received.reduce((sum, r) => sum + quarter(r), 0);
      return [
        id,
        {
          mainInputTokens: main,
          allInputTokens: all,
          mainShare: Number((main / all).toFixed(3)),
          requests: received.length,
        },
      ];
    }),
  );
  // The scripted SQL must have run on DuckDB: each query's rows reach the sub-agent as a tool message
  // that starts with the result's id (a refused or failed query does not).
  for (const [id, received] of Object.entries(requests)) {
    const results = new Set();
    for (const request of received) {
      for (const message of request.body?.messages ?? []) {
        if (message.role !== 'tool' || String(message.content).startsWith('<untrusted-data')) continue;
        if (!/^result_id=r\d+; rows \d+-\d+ of \d+/.test(String(message.content))) {
          throw new Error(`${id}: a query did not return rows: ${String(message.content).slice(0, 300)}`);
        }
        results.add(String(message.content).slice(0, 12));
      }
    }
    console.log(`${id}: ${results.size} quer${results.size === 1 ? 'y' : 'ies'} ran on DuckDB`);
  }
  for (const [id, share] of Object.entries(shares)) {
    console.log(
      `${id}: main agent ${share.mainInputTokens} of ${share.allInputTokens} input tokens (${share.mainShare}×), ${share.requests} model calls`,
    );
  }
  const scripted = {
    label: 'scripted',
    note: "Canned replies from the loopback OpenAI-protocol server (kioku/test), one script per scenario; the SQL runs on a real DuckDB database of the shared security logs. Findings found only show the pipeline carries answers through (not model quality). Tokens are the loopback estimate (a quarter of each request JSON), priced as gpt-4.1-mini by kioku's catalog. For a real model: investigator eval --model ….",
    generatedBy: 'bench/investigator/eval.mjs',
    ...report,
    mainAgentShare: shares,
  };
  await writeFile(output, `${JSON.stringify(scripted, null, 2)}\n`);
  console.log(`wrote ${output}`);
} finally {
  await rm(scratch, { recursive: true, force: true });
}
