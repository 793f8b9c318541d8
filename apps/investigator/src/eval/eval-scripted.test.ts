import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { type LoopbackReply, startLoopbackProvider } from 'kioku/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityLogsSource } from '../logs/__fixtures__/log4shell-database.js';
import { defaultRunbooksDir, loadSecurityLogs } from '../logs/index.js';
import { investigateScenario } from './investigate-scenario.js';
import { loadScenarios } from './load-scenarios.js';
import { runEval } from './run-eval.js';
import { scenarioLogDatabase } from './scenario-log-database.js';

// The harness as CI runs it: the shipped scenarios on their scripted replies, through the real pipeline
// (the SQL of each script runs on DuckDB over the security logs, the part of them the repository ships).
describe('investigator eval on scripted models', () => {
  let directory = '';
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'investigator-eval-'));
    await loadSecurityLogs({
      source: securityLogsSource,
      file: join(directory, 'logs.duckdb'),
      only: ['log4shell', 'aws_cloudtrail'],
    });
  }, 300_000);
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('finds every expected finding and reports tokens and cost per alert', async () => {
    const scenarios = (
      await loadScenarios(fileURLToPath(new URL('../../scenarios', import.meta.url)))
    ).filter((scenario) => scenario.id !== 'lsass-mkt01');
    const report = await runEval({
      scenarios,
      investigate: async (scenario) => {
        const server = await startLoopbackProvider({ replies: (scenario.script ?? []) as LoopbackReply[] });
        const model = createOpenAICompatible({ name: 'loopback', baseURL: server.baseUrl }).chatModel(
          'gpt-4.1-mini',
        );
        const investigation = await investigateScenario({
          scenario,
          model,
          logs: await scenarioLogDatabase({
            scenario,
            loaded: join(directory, 'logs.duckdb'),
            securityLogs: securityLogsSource,
            scratch: directory,
          }),
          runbooksDir: defaultRunbooksDir(),
        });
        return {
          ...investigation,
          close: async () => {
            await investigation.close();
            await server.close();
          },
        };
      },
    });
    expect(
      report.scenarios.map((result) => [result.id, result.found, result.expected, result.error]),
    ).toEqual([
      ['log4shell-ubuntu5', 4, 4, undefined],
      ['s3-exfiltration', 3, 3, undefined],
      // Its logs come from `logs import` alone, with a neutral description: no loader code.
      ['webdav-upload-network', 6, 6, undefined],
    ]);
    for (const result of report.scenarios) {
      expect(result.inputTokens).toBeGreaterThan(0);
      expect(result.costUsd).toBeGreaterThan(0);
    }
  }, 300_000);
});
