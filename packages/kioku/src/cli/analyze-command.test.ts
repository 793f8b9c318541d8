import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReportData } from '../report/report-data.js';
import {
  type LoopbackProvider,
  type LoopbackReply,
  startLoopbackProvider,
} from '../test/loopback-provider-server.js';
import { runCli } from '../test/run-cli.js';
import { runCliAsync } from '../test/run-cli-async.js';
import { runCliInProcess } from '../test/run-cli-in-process.js';

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

/** The data a written report embeds (`ReportData`). */
const reportDataOf = (html: string): ReportData => {
  const embedded = /<script type="application\/json" id="report-data">(.*?)<\/script>/s.exec(html)?.[1];
  if (embedded === undefined) throw new Error('the report embeds no data');
  return JSON.parse(embedded) as ReportData;
};

describe('kioku analyze', () => {
  it('replays the generated SOC sample through every strategy when given no path', async () => {
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

  it('replays the breakpoints kiokuMiddleware sends (frontier) unless asked for others', async () => {
    const { status, stdout } = await runCliInProcess(['analyze', '--json', '--strategies', 'kioku-default']);
    expect(status).toBe(0);
    expect(JSON.parse(stdout).breakpoints).toEqual(['frontier']);
    const text = (
      await runCliInProcess(['analyze', '--strategies', 'kioku-default', '--breakpoints', 'both'])
    ).stdout;
    // The middleware's table first; the agents' rule, which re-marks the default, said to be replay only.
    expect(text.indexOf('what kiokuMiddleware sends')).toBeGreaterThan(0);
    expect(text.indexOf('what kiokuMiddleware sends')).toBeLessThan(text.indexOf('REPLAY ONLY'));
    expect(text).toMatch(/^kioku-default \* §\s+29/m);
    expect(text).toMatch(/^kioku-default \*\s+29/m);
  });

  it('prints JSON with ratios per strategy and names the default', async () => {
    const { status, stdout } = await runCliInProcess([
      'analyze',
      '--json',
      '--pricing',
      'anthropic-style',
      '--breakpoints',
      'both',
    ]);
    expect(status).toBe(0);
    const report = JSON.parse(stdout);
    expect(report.kiokuDefault).toBe('kioku-default');
    expect(report.baseline).toBe('unmanaged');
    expect(report.pricing).toEqual(['anthropic-style (claude-sonnet-4-20250514 input price)']);
    expect(report.breakpoints).toEqual(['frontier', 'agent']);
    expect(report.trigger).toEqual({ fraction: 0.5 });
    expect(report.warnings).toEqual([]);
    const names = [
      'unmanaged',
      'kioku-default',
      'naive-masking-10',
      'langchain-context-editing',
      'ai-sdk-prune-messages',
      'anthropic-clear-tool-uses',
      'anthropic-clear-tool-uses-at-least-5000',
      'openhands-masking-100',
      'swe-agent-1.0-last-5',
      'swe-agent-1.0-last-5-polling-8',
      'swe-agent-1.1-default',
    ];
    const block = (policy: string) =>
      report.strategies
        .filter((strategy: { breakpoints: string }) => strategy.breakpoints === policy)
        .map((strategy: { name: string }) => strategy.name);
    expect(block('agent')).toEqual(names);
    expect(block('frontier')).toEqual(names);
    // kioku's default is billed under its own frontier and, replay only, under the agents' rule like every peer.
    const kioku = report.strategies.filter((strategy: { name: string }) => strategy.name === 'kioku-default');
    expect(kioku[0].costCachedRatio).not.toBe(kioku[1].costCachedRatio);
    expect(kioku[0].inputTokensRatio).toBe(kioku[1].inputTokensRatio);
    expect(kioku.map((row: { replayOnly: boolean }) => row.replayOnly)).toEqual([false, true]);
    expect(
      report.strategies
        .filter((row: { replayOnly: boolean }) => row.replayOnly)
        .map((row: { name: string }) => row.name),
    ).toEqual(['kioku-default']);
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

  it('writes a self-contained HTML report for the strategies chosen', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'kioku-analyze-')), 'report.html');
    const { status, stdout, stderr } = await runCliInProcess([
      'analyze',
      'samples/pydicom__pydicom-901.traj.json',
      '--strategies',
      'kioku-default,swe-agent-1.0-last-5',
      '--report',
      file,
    ]);
    expect(status).toBe(0);
    expect(stderr).toContain(`report written to ${file}`);
    expect(stdout).toMatch(/^swe-agent-1\.0-last-5\s+61/m);
    expect(stdout).not.toContain('naive-masking-10');
    expect(existsSync(file)).toBe(true);
    const html = readFileSync(file, 'utf8');
    expect(html).toContain('<canvas id="context-chart">');
    expect(html).toContain('pydicom__pydicom-901');
    // The breakpoint policy replayed (the middleware's, by default) is in the report, with its table.
    const data = reportDataOf(html);
    expect(data.policies.map((policy) => policy.name)).toEqual(['frontier']);
    for (const policy of data.policies) {
      expect(policy.title).toContain('cache breakpoints');
      expect(policy.strategies.map((strategy) => strategy.name)).toEqual([
        'unmanaged',
        'kioku-default',
        'swe-agent-1.0-last-5',
      ]);
    }
  });

  it('puts every peer’s token trigger at --trigger of the window, so --window moves it', async () => {
    const ratioOf = async (args: string[]) => {
      const run = await runCliInProcess([
        'analyze',
        '--strategies',
        'anthropic-clear-tool-uses',
        '--breakpoints',
        'agent',
        '--json',
        ...args,
      ]);
      expect(run.status).toBe(0);
      return strategyNamed(run.stdout, 'anthropic-clear-tool-uses').inputTokensRatio;
    };
    // The sample's context peaks at ~144k tokens: half of its 200k window (100k) is reached, 0.9 is not.
    expect(await ratioOf(['--trigger', '0.9'])).toBe(1);
    expect(await ratioOf([])).toBeLessThan(1);
    // A window of 1M puts half of it out of reach; one of 100k brings 0.9 of it within.
    expect(await ratioOf(['--window', '1000000'])).toBe(1);
    expect(await ratioOf(['--window', '100000', '--trigger', '0.9'])).toBeLessThan(1);
    expect((await runCliInProcess(['analyze', '--trigger', '1.5'])).status).toBe(2);
    expect((await runCliInProcess(['analyze', '--breakpoints', 'sometimes'])).status).toBe(2);
  });

  it('sweeps the peers’ triggers with --sweep, in JSON and as the report’s curve chart per policy', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'kioku-analyze-')), 'report.html');
    const run = await runCliInProcess([
      'analyze',
      '--strategies',
      'kioku-default,anthropic-clear-tool-uses',
      '--sweep',
      '--breakpoints',
      'both',
      '--json',
      '--report',
      file,
    ]);
    expect(run.status).toBe(0);
    const sweeps = JSON.parse(run.stdout).sweeps as Array<{ breakpoints: string; curves: unknown[] }>;
    expect(sweeps.map((entry) => entry.breakpoints)).toEqual(['frontier', 'agent']);
    const [sweep] = JSON.parse(run.stdout).sweeps;
    expect(
      sweep.curves.map((curve: { strategy: string; points: unknown[] }) => [
        curve.strategy,
        curve.points.length,
      ]),
    ).toEqual([
      ['kioku-default', 1],
      ['anthropic-clear-tool-uses', 8],
    ]);
    const points = sweep.curves[1].points as Array<{ label: string; inputTokensRatio: number }>;
    expect(points.map((point) => point.label).at(-1)).toBe('100,000 tokens');
    // The earliest trigger clears the most.
    expect(points[0]?.inputTokensRatio).toBeLessThan(points.at(-1)?.inputTokensRatio ?? 0);
    const html = readFileSync(file, 'utf8');
    expect(html).toContain('<canvas id="sweep-chart">');
    // Every policy's sweep is in the report, as the JSON gives it.
    expect(reportDataOf(html).policies.map((policy) => [policy.name, policy.sweep])).toEqual(
      sweeps.map((entry) => [entry.breakpoints, entry.curves]),
    );
  });

  it('warns when OpenHands runs come without their per-call usage log (only the last call replayed)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kioku-analyze-'));
    const step = (i: number) => [
      {
        role: 'assistant',
        content: `step ${i}`,
        tool_calls: [
          { id: `c${i}`, type: 'function', function: { name: 'bash', arguments: '{"command":"ls"}' } },
        ],
      },
      { role: 'tool', tool_call_id: `c${i}`, content: 'x'.repeat(400) },
    ];
    writeFileSync(
      join(dir, 'astropy__astropy-12907.json'),
      JSON.stringify({
        messages: [
          { role: 'system', content: 'You are OpenHands agent.' },
          { role: 'user', content: 'Fix the bug.' },
          ...[0, 1, 2].flatMap(step),
        ],
        response: {
          model: 'claude-3-5-sonnet-20241022',
          choices: [{ message: { role: 'assistant', content: 'Done.' } }],
          usage: { prompt_tokens: 900, completion_tokens: 5 },
        },
        kwargs: {},
        cost: 0.003,
        timestamp: 1733338800,
      }),
    );
    const run = await runCliInProcess(['analyze', dir, '--strategies', 'kioku-default', '--json']);
    expect(run.status).toBe(0);
    const [warning] = JSON.parse(run.stdout).warnings;
    expect(warning).toMatch(/1 OpenHands run\(s\) in .* have no per-call usage log: only the last LLM call/);
    expect(warning).toContain('per_call_usage.jsonl');
    expect(run.stderr).toContain(`kioku: warning: ${warning}`);
    const text = await runCliInProcess(['analyze', dir, '--strategies', 'kioku-default']);
    expect(text.stdout.split('\n')[0]).toBe(`WARNING: ${warning}`);
  });

  it('replays a model the catalog does not know within the fallback window (or --window), unpriced, with a warning', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kioku-analyze-'));
    const step = (i: number) => [
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: `c${i}`,
            type: 'function',
            function: { name: 'grep_logs', arguments: `{"pattern":"beacon ${i}"}` },
          },
        ],
      },
      {
        role: 'tool',
        tool_call_id: `c${i}`,
        content: `10.0.0.${i} beacon to 203.0.113.7 every 60s\n`.repeat(60),
      },
    ];
    const file = join(dir, 'ollama-run.json');
    writeFileSync(
      file,
      JSON.stringify({
        model: 'llama3.1:8b',
        messages: [
          { role: 'system', content: 'You are a log triage agent.' },
          { role: 'user', content: 'Which host sent the beacons?' },
          ...[0, 1, 2, 3].flatMap(step),
          { role: 'assistant', content: 'Host 10.0.0.3 sent them.' },
        ],
      }),
    );
    const args = ['analyze', file, '--strategies', 'kioku-default', '--breakpoints', 'agent'];
    const run = await runCliInProcess([...args, '--json']);
    expect(run.status).toBe(0);
    const json = JSON.parse(run.stdout);
    expect(json.unpriced).toBe(true);
    expect(json.pricing).toEqual(['llama3.1:8b (unpriced)']);
    for (const strategy of json.strategies) {
      expect([
        strategy.costNoCache,
        strategy.costCached,
        strategy.costNoCacheRatio,
        strategy.costCachedRatio,
      ]).toEqual([null, null, null, null]);
    }
    const [warning] = json.warnings;
    expect(warning).toMatch(
      /the model catalog does not know "llama3\.1:8b" \(1 transcript\(s\)\): replayed within 32,768 tokens \(kioku's fallback window, as the middleware's\) and unpriced/,
    );
    expect(warning).toContain('--pricing <file.json>: {"models": {"llama3.1:8b": {"contextWindow"');
    expect(run.stderr).toContain(`kioku: warning: ${warning}`);
    const text = await runCliInProcess(args);
    expect(text.stdout.split('\n')[0]).toBe(`WARNING: ${warning}`);
    expect(text.stdout).toMatch(/^unmanaged\s+5\s+[\d,]+\s+1\.00×\s+[\d,]+\s+unpriced\s+–\s+unpriced\s+–/m);
    expect(text.stdout).not.toContain('$');
    // --window replaces the fallback window: the unmanaged history's later calls are over 2,000 tokens.
    const windowed = JSON.parse((await runCliInProcess([...args, '--json', '--window', '2000'])).stdout);
    expect(windowed.warnings[0]).toContain('replayed within 2,000 tokens (--window) and unpriced');
    expect(windowed.strategies[0].callsOverWindow).toBeGreaterThan(0);
    // A report would chart zeros as costs: refused, saying how to price the model.
    const report = await runCliInProcess([...args, '--report', join(dir, 'report.html')]);
    expect(report.status).toBe(1);
    expect(report.stderr).toContain('"llama3.1:8b" has no prices in the model catalog');
    expect(existsSync(join(dir, 'report.html'))).toBe(false);
    // A model override file prices it.
    const overrides = join(dir, 'models.json');
    writeFileSync(
      overrides,
      JSON.stringify({
        models: {
          'llama3.1:8b': {
            contextWindow: 131072,
            maxOutputTokens: 8192,
            pricePerMillionTokens: { input: 0.1, output: 0.2 },
          },
        },
      }),
    );
    const priced = JSON.parse((await runCliInProcess([...args, '--json', '--pricing', overrides])).stdout);
    expect(priced.unpriced).toBe(false);
    expect(priced.warnings).toEqual([]);
    expect(priced.strategies[0].costNoCache).toBeGreaterThan(0);
  });

  it('reports and skips a transcript it cannot analyze, and analyzes the rest of the directory (exit 1)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kioku-analyze-'));
    copyFileSync(
      new URL('../../../../samples/soc-investigation.json', import.meta.url),
      join(dir, 'soc.json'),
    );
    writeFileSync(
      join(dir, 'no-model.json'),
      JSON.stringify({
        messages: [
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: 'hello' },
        ],
      }),
    );
    const run = await runCliInProcess(['analyze', dir, '--strategies', 'kioku-default', '--json']);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      `${join(dir, 'no-model.json')} (no-model.json) does not say which model it used`,
    );
    expect(run.stderr).toContain(`kioku: skipped ${join(dir, 'no-model.json')}`);
    expect(JSON.parse(run.stdout).transcripts).toBe(1);
    expect((await runCliInProcess(['analyze', '--help'])).stdout).toMatch(
      /reported and skipped.*1 a file was skipped/s,
    );
  });

  it('says a run without a model call has nothing to replay, and analyzes the others (exit 0)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kioku-analyze-'));
    copyFileSync(
      new URL('../../../../samples/soc-investigation.json', import.meta.url),
      join(dir, 'soc.json'),
    );
    writeFileSync(join(dir, 'asked.json'), JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }));
    const run = await runCliInProcess(['analyze', dir, '--strategies', 'kioku-default', '--json']);
    expect(run.status).toBe(0);
    const json = JSON.parse(run.stdout);
    expect(json.transcripts).toBe(1);
    expect(json.warnings).toEqual([
      `1 run(s) hold no model call (no assistant message, no recorded call): nothing to replay, left out: ${join(dir, 'asked.json')} (asked.json)`,
    ]);
    expect(run.stderr).not.toContain('does not say which model');
    // With nothing else to analyze, that is said and the command fails.
    const alone = await runCliInProcess(['analyze', join(dir, 'asked.json')]);
    expect(alone.status).toBe(1);
    expect(alone.stderr).toContain('hold no model call');
    expect(alone.stderr).toContain('no transcript read has a model call; nothing to analyze');
  });

  it('removes every strategy’s breakpoints under --breakpoints none, its own knob included', async () => {
    const run = await runCliInProcess([
      'analyze',
      '--strategies',
      'swe-agent-1.1-default',
      '--breakpoints',
      'none',
      '--json',
    ]);
    expect(run.status).toBe(0);
    const [unmanaged, own] = JSON.parse(run.stdout).strategies;
    // swe-agent-1.1 changes no text: without its breakpoints it is billed as the unmanaged history.
    expect(own.ownBreakpoints).toBe(false);
    expect(own.replayOnly).toBe(true);
    expect(own.costCached).toBe(unmanaged.costCached);
    const agent = JSON.parse(
      (
        await runCliInProcess([
          'analyze',
          '--strategies',
          'swe-agent-1.1-default',
          '--breakpoints',
          'agent',
          '--json',
        ])
      ).stdout,
    ).strategies[1];
    expect(agent.ownBreakpoints).toBe(true);
    expect(agent.costCachedRatio).toBeGreaterThan(1);
  });

  it('gives each strategy its worst run against the unmanaged history on that run', async () => {
    const run = await runCliInProcess([
      'analyze',
      'samples',
      '--strategies',
      'kioku-default,naive-masking-10',
      '--json',
    ]);
    expect(run.status).toBe(0);
    const json = JSON.parse(run.stdout);
    // One transcript per set: the worst run is the set with the highest ratio.
    for (const name of ['kioku-default', 'naive-masking-10']) {
      const perSet = json.sets.map(
        (set: {
          strategies: Array<{
            name: string;
            costCachedRatio: number;
            worstRun: { transcript: { id: string } };
          }>;
        }) => set.strategies.find((row) => row.name === name),
      );
      const worst = json.strategies.find((row: { name: string }) => row.name === name).worstRun;
      const highest = perSet.reduce((a: { costCachedRatio: number }, b: { costCachedRatio: number }) =>
        b.costCachedRatio > a.costCachedRatio ? b : a,
      );
      expect(worst.costCachedRatio).toBeCloseTo(highest.costCachedRatio, 12);
      expect(worst.transcript.id).toBe(highest.worstRun.transcript.id);
    }
    const text = (await runCliInProcess(['analyze', 'samples', '--strategies', 'kioku-default'])).stdout;
    expect(text).toContain('worst run ×');
    expect(text).toMatch(/kioku-default: worst run .+, [\d.]+× the cached cost of unmanaged on that run\./);
  });

  it('names the report file in one line when it cannot be written', async () => {
    const run = await runCliInProcess(['analyze', '--strategies', 'kioku-default', '--report', '/dev/full']);
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('kioku: /dev/full: no space left on the device (ENOSPC)\n');
  });

  it('exits 2 on bad arguments, 1 on an unknown model or unreadable file', async () => {
    expect((await runCliInProcess(['analyze', '--strategies', 'bogus'])).status).toBe(2);
    expect((await runCliInProcess(['analyze', '--window', '0'])).status).toBe(2);
    expect((await runCliInProcess(['analyze', '--window', '0x10'])).status).toBe(2);
    // An unknown --model is a mistake in the command: no fallback.
    const unknown = await runCliInProcess(['analyze', '--model', 'no-such-model']);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('unknown model "no-such-model"');
    const dir = mkdtempSync(join(tmpdir(), 'kioku-analyze-'));
    const broken = join(dir, 'run.json');
    writeFileSync(broken, '{"messages": [');
    expect((await runCliInProcess(['analyze', broken])).status).toBe(1);
    const help = await runCliInProcess(['analyze', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('anthropic-style');
    expect(help.stdout).toContain('--summarizer <provider:model>');
    expect(help.stdout).toContain('--estimate-summaries <tokens>');
    expect((await runCliInProcess(['analyze', '--estimate-summaries', '0'])).status).toBe(2);
    expect((await runCliInProcess(['analyze', '--summarizer', 'no-colon'])).status).toBe(2);
    const tag = await runCliInProcess(['analyze', '--summarizer', 'llama3.1:8b']);
    expect(tag.status).toBe(2);
    expect(tag.stderr).toContain('"llama3.1:8b" names none (an Ollama model is ollama:llama3.1:8b)');
    const orphan = await runCliInProcess(['analyze', '--base-url', 'http://127.0.0.1:1/v1']);
    expect(orphan.status).toBe(2);
    expect(orphan.stderr).toContain('give --summarizer');
  });

  it("replays kioku's default as kiokuMiddleware() runs it: summaries once the prompt reaches 80% of the window, priced by the summary-cost model and marked an estimate", async () => {
    const small = await runCliInProcess([
      'analyze',
      'samples',
      '--strategies',
      'kioku-default',
      '--window',
      '20000',
      '--json',
    ]);
    expect(small.status, small.stderr).toBe(0);
    const summarized = strategyNamed(small.stdout, 'kioku-default');
    expect(summarized.description).toContain('as kiokuMiddleware() runs it');
    expect(summarized.estimated).toBe(true);
    expect(summarized.strategyCalls).toBeGreaterThan(0);
    // Each summary call: the instructions and the summarized messages in, the summary call's cap out.
    expect(summarized.strategyOutputTokens).toBe(summarized.strategyCalls * 1024);
    expect(summarized.strategyInputTokens).toBeGreaterThan(summarized.strategyCalls * 1024);
    expect(summarized.inputTokens).toBe(summarized.promptTokens + summarized.strategyInputTokens);
    // Within the models' own windows the samples never reach the trigger: nothing estimated, not marked.
    const wide = await runCliInProcess(['analyze', 'samples', '--strategies', 'kioku-default', '--json']);
    expect(wide.status, wide.stderr).toBe(0);
    expect(strategyNamed(wide.stdout, 'kioku-default')).toMatchObject({ strategyCalls: 0, estimated: false });
  });

  it('replays summaries estimated at a stated size, labeled as an estimate, their calls counted', async () => {
    const args = ['analyze', 'samples', '--estimate-summaries', '500', '--window', '20000'];
    const { status, stdout } = await runCliInProcess([...args, '--json']);
    expect(status).toBe(0);
    const estimated = strategyNamed(stdout, 'kioku-default+estimated-summaries');
    const unmanaged = strategyNamed(stdout, 'unmanaged');
    expect(estimated.estimated).toBe(true);
    expect(estimated.description).toContain('summaries estimated at 500 tokens; no model was called');
    expect(estimated.inputTokens).toBeLessThan(unmanaged.inputTokens);
    expect(estimated.strategyCalls).toBeGreaterThan(0);
    expect(estimated.strategyInputTokens).toBeGreaterThan(0);
    expect(estimated.strategyOutputTokens).toBeGreaterThan(0);
    // The summary calls' prompts are in the input tokens the ratio is taken on; their answers are not.
    expect(estimated.inputTokens).toBe(estimated.promptTokens + estimated.strategyInputTokens);
    expect(unmanaged.strategyCalls).toBe(0);

    const table = await runCliInProcess(args);
    expect(table.status).toBe(0);
    expect(table.stdout).toMatch(/^kioku-default\+estimated-summaries †\s+107\s/m);
    expect(table.stdout).toContain(
      "† kioku-default+estimated-summaries is an ESTIMATE: kioku's masking and clearing, then summarization",
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
      '--breakpoints',
      'agent',
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
    // The default's row itself: its summaries written by the model given instead of estimated.
    const summarized = strategyNamed(stdout, 'kioku-default');
    expect(summarized.estimated).toBe(false);
    expect(summarized.description).toContain('its summaries written by openai-compatible:test-model');
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
    expect(summarized.promptTokens).toBeLessThan(strategyNamed(stdout, 'unmanaged').promptTokens);
  });

  it('stops with exit 1 and names the transcript and call when the summarizer fails', async () => {
    const { status, stdout, stderr } = await analyze([{ text: '' }]);
    expect(status).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(
      /kioku: strategy kioku-default failed at call \d+ of 29 replaying samples\/soc-investigation\.json \(.+\): summarization failed \(empty\)/,
    );
  });
});
