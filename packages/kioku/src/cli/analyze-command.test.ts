import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type LoopbackProvider,
  type LoopbackReply,
  startLoopbackProvider,
} from '../test/loopback-provider-server.js';
import { runCli } from '../test/run-cli.js';
import { runCliAsync } from '../test/run-cli-async.js';

interface JsonStrategy {
  name: string;
  estimated: boolean;
  description: string;
  inputTokens: number;
  inputTokensRatio: number;
  promptTokens: number;
  strategyCalls: number;
  strategyInputTokens: number;
  strategyOutputTokens: number;
  costNoCacheRatio: number;
}

const strategyNamed = (stdout: string, name: string): JsonStrategy => {
  const found = (JSON.parse(stdout).strategies as JsonStrategy[]).find((strategy) => strategy.name === name);
  if (found === undefined) throw new Error(`no strategy ${name} in the output`);
  return found;
};

describe('kioku analyze', () => {
  it('replays the generated SOC sample through every strategy when given no path', () => {
    const { status, stdout } = runCli(['analyze']);
    expect(status).toBe(0);
    expect(stdout).toMatch(/1 transcript\(s\), 29 calls, priced as claude-sonnet-4-20250514/);
    expect(stdout).toMatch(/^unmanaged\s+29\s+[\d,]+\s+1\.00×/m);
    expect(stdout).toMatch(/^kioku-default \*\s+29/m);
    for (const name of ['naive-masking-10', 'langchain-context-editing', 'ai-sdk-prune-messages']) {
      expect(stdout).toContain(name);
    }
    expect(stdout).toContain("* kioku's default");
  });

  it('prints JSON with ratios per strategy and names the default', () => {
    const { status, stdout } = runCli(['analyze', '--json', '--pricing', 'anthropic-style']);
    expect(status).toBe(0);
    const report = JSON.parse(stdout);
    expect(report.kiokuDefault).toBe('kioku-default');
    expect(report.baseline).toBe('unmanaged');
    expect(report.pricing).toEqual(['anthropic-style (claude-sonnet-4-20250514 input price)']);
    expect(report.strategies.map((strategy: { name: string }) => strategy.name)).toEqual([
      'unmanaged',
      'kioku-default',
      'naive-masking-10',
      'langchain-context-editing',
      'ai-sdk-prune-messages',
      'anthropic-clear-tool-uses',
      'openhands-masking-100',
      'swe-agent-last-5',
    ]);
    for (const strategy of report.strategies) {
      for (const key of [
        'inputTokensRatio',
        'costNoCacheRatio',
        'costCachedRatio',
        'violations',
        'overheadMsP95',
      ]) {
        expect(typeof strategy[key]).toBe('number');
      }
      expect(strategy.default).toBe(strategy.name === 'kioku-default');
    }
    expect(report.strategies[0].inputTokensRatio).toBe(1);
  });

  it('writes a self-contained HTML report for the strategies chosen', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'kioku-analyze-')), 'report.html');
    const { status, stdout, stderr } = runCli([
      'analyze',
      'samples/pydicom__pydicom-901.traj.json',
      '--strategies',
      'kioku-default,swe-agent-last-5',
      '--report',
      file,
    ]);
    expect(status).toBe(0);
    expect(stderr).toContain(`report written to ${file}`);
    expect(stdout).toMatch(/^swe-agent-last-5\s+61/m);
    expect(stdout).not.toContain('naive-masking-10');
    expect(existsSync(file)).toBe(true);
    const html = readFileSync(file, 'utf8');
    expect(html).toContain('<canvas id="context-chart">');
    expect(html).toContain('pydicom__pydicom-901');
  });

  it('exits 2 on bad arguments, 1 on an unknown model or unreadable file', () => {
    expect(runCli(['analyze', '--strategies', 'bogus']).status).toBe(2);
    expect(runCli(['analyze', '--window', '0']).status).toBe(2);
    const unknown = runCli(['analyze', '--model', 'no-such-model']);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('unknown model "no-such-model"');
    const dir = mkdtempSync(join(tmpdir(), 'kioku-analyze-'));
    const broken = join(dir, 'run.json');
    writeFileSync(broken, '{"messages": [');
    expect(runCli(['analyze', broken]).status).toBe(1);
    const help = runCli(['analyze', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('anthropic-style');
    expect(help.stdout).toContain('--summarizer <provider:model>');
    expect(help.stdout).toContain('--estimate-summaries <tokens>');
    expect(runCli(['analyze', '--estimate-summaries', '0']).status).toBe(2);
    expect(runCli(['analyze', '--summarizer', 'no-colon']).status).toBe(2);
    const orphan = runCli(['analyze', '--base-url', 'http://127.0.0.1:1/v1']);
    expect(orphan.status).toBe(2);
    expect(orphan.stderr).toContain('give --summarizer');
  });

  it('replays summaries estimated at a stated size, labeled as an estimate, their calls counted', () => {
    const args = ['analyze', 'samples', '--estimate-summaries', '500', '--window', '20000'];
    const { status, stdout } = runCli([...args, '--json']);
    expect(status).toBe(0);
    const estimated = strategyNamed(stdout, 'kioku-default+estimated-summaries');
    const unmanaged = strategyNamed(stdout, 'unmanaged');
    expect(estimated.estimated).toBe(true);
    expect(estimated.description).toContain('summaries estimated at 500 tokens; no model was called');
    expect(strategyNamed(stdout, 'kioku-default').estimated).toBe(false);
    expect(estimated.inputTokens).toBeLessThan(unmanaged.inputTokens);
    expect(estimated.inputTokensRatio).toBeLessThan(strategyNamed(stdout, 'kioku-default').inputTokensRatio);
    expect(estimated.strategyCalls).toBeGreaterThan(0);
    expect(estimated.strategyInputTokens).toBeGreaterThan(0);
    expect(estimated.strategyOutputTokens).toBeGreaterThan(0);
    // The summary calls' prompts are in the input tokens the ratio is taken on; their answers are not.
    expect(estimated.inputTokens).toBe(estimated.promptTokens + estimated.strategyInputTokens);
    expect(unmanaged.strategyCalls).toBe(0);

    const table = runCli(args);
    expect(table.status).toBe(0);
    expect(table.stdout).toMatch(/^kioku-default\+estimated-summaries †\s+107\s/m);
    expect(table.stdout).toContain(
      "† kioku-default+estimated-summaries is an ESTIMATE: kioku's default, then summarization",
    );
    expect(table.stdout).toMatch(
      /kioku-default\+estimated-summaries: its own \d+ model call\(s\) \(estimated, none made\), [\d,]+ tokens in and [\d,]+ out, are included in its costs \(uncached, at the model's prices\) and their prompts in its input tokens/,
    );
  });
});

describe('kioku analyze --summarizer against a loopback OpenAI-compatible server', () => {
  /** A summary that leaves out the investigation's IOCs: fact preservation puts them back. */
  const summary =
    'The analyst investigated a phishing alert, queried sign-in and proxy logs, found a compromised account ' +
    'and a beaconing host, and contained both. Next: reset credentials and review mailbox rules.';
  let server: LoopbackProvider | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function analyze(replies: LoopbackReply[], args: string[] = []) {
    server = await startLoopbackProvider({ replies });
    const run = await runCliAsync([
      'analyze',
      'samples/soc-investigation.json',
      '--strategies',
      'kioku-default',
      '--summarizer',
      'openai-compatible:test-model',
      '--base-url',
      server.baseUrl,
      '--window',
      '20000',
      ...args,
    ]);
    return { ...run, requests: server.requests };
  }

  it('replays real summaries and bills every summary call the server answered', async () => {
    const { status, stdout, stderr, requests } = await analyze([{ text: summary }], ['--json']);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    const summarized = strategyNamed(stdout, 'kioku-default+summarization');
    expect(summarized.estimated).toBe(false);
    expect(summarized.description).toContain('summarization by openai-compatible:test-model');
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((request) => request.body?.model === 'test-model')).toBe(true);
    expect(summarized.strategyCalls).toBe(requests.length);
    // The loopback server bills a quarter of each request's messages as JSON: the replay counts what it reported.
    const billed = requests.reduce(
      (sum, request) => sum + Math.ceil(JSON.stringify(request.body?.messages ?? []).length / 4),
      0,
    );
    expect(summarized.strategyInputTokens).toBe(billed);
    expect(summarized.strategyOutputTokens).toBe(requests.length * Math.ceil(summary.length / 4));
    expect(summarized.inputTokens).toBe(summarized.promptTokens + summarized.strategyInputTokens);
    // The summaries shrink the prompts the agent sends; what they cost is added back, not hidden.
    expect(summarized.promptTokens).toBeLessThan(strategyNamed(stdout, 'kioku-default').promptTokens);
  });

  it('stops with exit 1 and names the transcript and call when the summarizer fails', async () => {
    const { status, stdout, stderr } = await analyze([{ text: '' }]);
    expect(status).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(
      /kioku: strategy kioku-default\+summarization failed at call \d+ of 29 replaying samples\/soc-investigation\.json \(.+\): summarization failed \(empty\)/,
    );
  });
});
